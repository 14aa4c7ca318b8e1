package convert

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestStringsMatchesEncodingJSON(t *testing.T) {
	for _, raw := range []string{
		`[]`, `[ ]`, `["Parking"]`, `["Air Conditioning", "In-unit Laundry", "Balcony"]`,
		`["/uploads/a.jpg","/uploads/b.png"]`, ` [ "Café", "日本" ] `, `[""]`,
		`["say \"hi\""]`, `["a\\b", "tab\there"]`, `["\u00e9"]`,
	} {
		var want []string
		if err := json.Unmarshal([]byte(raw), &want); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if got := Strings([]byte(raw)); !slices.Equal(got, want) || got == nil {
			t.Errorf("Strings(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestStringsRefusesWhatIsNotAStringArray(t *testing.T) {
	for _, raw := range []string{``, `null`, `{}`, `"a"`, `[1]`, `["a",]`, `["a" "b"]`, `["a"`, "[\"a\nb\"]", `[,"a"]`} {
		if got := Strings([]byte(raw)); len(got) != 0 {
			t.Errorf("Strings(%q) = %q, want empty", raw, got)
		}
	}
}
