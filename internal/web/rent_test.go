package web

import (
	"encoding/json"
	"os"
	"testing"
)

// TestFormatRentAsTheApp: rents are written as the app's formatRent writes them, for every
// supported currency (testdata/rent-formats.json is Node's Intl output for the app's locales).
func TestFormatRentAsTheApp(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/rent-formats.json")
	if err != nil {
		t.Fatal(err)
	}
	var samples map[string][][2]any
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	if len(samples) != len(rentFormats) {
		t.Errorf("%d currencies sampled, %d formatted", len(samples), len(rentFormats))
	}
	for code, list := range samples {
		for _, s := range list {
			amount, want := s[0].(float64), s[1].(string)
			if amount != float64(int64(amount)) {
				continue // rents are whole amounts
			}
			if got := formatRent(int64(amount), code); got != want+"/month" {
				t.Errorf("%s %v: %q, want %q", code, amount, got, want+"/month")
			}
		}
	}
	if got := formatRent(4250, ""); got != "$4,250/month" {
		t.Errorf("no currency: %q", got)
	}
	if got := formatRent(4250, "XYZ"); got != "$4,250 (USD)/month" {
		t.Errorf("unknown currency: %q", got)
	}
}
