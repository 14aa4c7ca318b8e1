package property

import (
	"fmt"
	"testing"
)

func TestReadLine(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		"London flats":                reading{"", "apartment", "[london]"}.String(),
		"flats to rent in London":     reading{"", "apartment", "[london]"}.String(),
		"sw1a1aa":                     reading{"SW1A1AA", "", "[]"}.String(),
		"SW1A 1AA":                    reading{"SW1A 1AA", "", "[]"}.String(),
		"  sw1a   1aa ":               reading{"SW1A 1AA", "", "[]"}.String(),
		"m5v2h1 condos":               reading{"M5V2H1", "condo", "[]"}.String(),
		"10001-1234":                  reading{"10001-1234", "", "[]"}.String(),
		"Downtown Apartments":         reading{"", "apartment", "[downtown]"}.String(),
		"student housing near Austin": reading{"", "student_housing", "[austin]"}.String(),
		"New York, NY":                reading{"", "", "[new york, ny]"}.String(),
		"houses apartments":           reading{"", "house", "[]"}.String(),
		"Main Street 12":              reading{"", "", "[main street 12]"}.String(),
		"155-0033":                    reading{"155-0033", "", "[]"}.String(),
		"1550033":                     reading{"1550033", "", "[]"}.String(),
		"155 0033 apartments":         reading{"155 0033", "apartment", "[]"}.String(),
		"tokyo 155-0033":              reading{"155-0033", "", "[tokyo]"}.String(),
		"2010":                        reading{"2010", "", "[]"}.String(),
		"Bourke Street 2010":          reading{"", "", "[bourke street 2010]"}.String(),
		"Sydney 2010":                 reading{"", "", "[sydney 2010]"}.String(),
		"12345678901":                 reading{"", "", "[12345678901]"}.String(),
		"155-00":                      reading{"", "", "[155-00]"}.String(),
	} {
		r := readLine(line, false)
		if got := (reading{r.postalCode, r.propertyType, fmt.Sprint(r.words)}).String(); got != want {
			t.Errorf("%q: got %s, want %s", line, got, want)
		}
	}
	// A type the search chose keeps type words out of the reading and out of the text.
	if r := readLine("London flats", true); r.propertyType != "" || fmt.Sprint(r.words) != "[london]" {
		t.Errorf("type chosen: %+v", r)
	}
	// The longest run comes first, abbreviations expanded, punctuation trimmed.
	r := readLine("nyc, chelsea", false)
	var keys []string
	for _, c := range r.placeCandidates() {
		keys = append(keys, c.key)
	}
	if fmt.Sprint(keys) != "[nyc, chelsea new york chelsea]" {
		t.Errorf("candidates %q", keys)
	}
	if got := r.without(r.placeCandidates()[1]); got != "chelsea" {
		t.Errorf("without nyc: %q", got)
	}
	// A place named twice (the city box and the line) leaves no free text behind.
	r = readLine("New York new york, garden NYC", false)
	for _, c := range r.placeCandidates() {
		if c.from == 0 && c.to == 2 {
			if got := r.without(c); got != "garden" {
				t.Errorf("a place named twice: %q left from %q, want garden", got, r.words)
			}
		}
	}
}

type reading [3]string

func (r reading) String() string { return fmt.Sprintf("postal %q type %q words %s", r[0], r[1], r[2]) }
