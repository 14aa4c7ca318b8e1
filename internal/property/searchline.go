package property

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/rentproof/rentproof/gen/db"
)

// A typed search line (the search box's city, a shortcut's query, or both) is read once, by one
// rule, whichever box or client sent it (issue 32):
//
//  1. a postal code in any spacing and case, alone or among other words, becomes the
//     postal-code criterion: a US ZIP or ZIP+4, a Canadian or a UK postcode, or a global one
//     (SPEC's "otherwise Global" read in its digit forms: 6 to 10 digits, with or without one
//     dash or space after the third to fifth: "155-0033", "155 0033", "1550033", "400001").
//     A bare four-digit number ("2010", an Australian or Swiss postcode) is one only when it is
//     the whole line: among other words it is more often a year or a street number. Global
//     codes with letters (Dutch "1012 AB", Irish "D02 X285") stay free text, as words like
//     "5C" or "2F1" would otherwise be read as postcodes;
//  2. a property-type word ("apartments", "flats", "house", "student housing": typeWords)
//     becomes the type, unless the search already chose one;
//  3. the longest run of the remaining words that names a city or neighbourhood with listings
//     (ignoring case; a city wins over a neighbourhood of the same name) becomes the place, an
//     abbreviation of cityAbbreviations standing for its city ("NYC" for New York);
//  4. what is left is free text, every word of which must match the listing's title, street,
//     neighbourhood or city ("in", "near" and the like between the parts are dropped);
//  5. free text that matches nothing, with no place read, is taken for a misspelled place: the
//     closest-spelled city or neighbourhood, which the results name (matched_city).
//
// So "London flats" is the city London and the type apartment, "sw1a1aa" and "SW1A 1AA" are
// one postcode, so are "155-0033", "155 0033" and "1550033" (PostalCodeKey drops the dash, as
// the column postal_code_key does), and "Downtown Apartments" reads the same from the box and
// from a shortcut.

// lineReading is what a line's words became, before the place is looked up.
type lineReading struct {
	postalCode   string   // a recognised postal code, as typed
	propertyType string   // a type word's type
	words        []string // the other words, lower-cased, in order
}

// maxLineWords bounds the words a line is read into (the query's own limit of 100 characters
// keeps lines short; the bound caps the place candidates at 36).
const maxLineWords = 8

// readLine splits a line into its postal code, type word and other words (rules 1, 2 and the
// connectors of 4); typeChosen keeps type words out of the reading (and out of the text).
func readLine(line string, typeChosen bool) lineReading {
	var r lineReading
	words := strings.Fields(strings.ToLower(line))
	if len(words) > maxLineWords {
		words = words[:maxLineWords]
	}
	for i := 0; i < len(words); i++ {
		// A postal code is one word ("sw1a1aa", "10001-1234") or two ("sw1a 1aa"); a bare four
		// digits only when they are the whole line.
		if r.postalCode == "" {
			if i+1 < len(words) && isPostalCode(words[i]+words[i+1], len(words) == 2) && !isPostalCode(words[i], false) {
				r.postalCode = strings.ToUpper(words[i] + " " + words[i+1])
				i++
				continue
			}
			if isPostalCode(words[i], len(words) == 1) {
				r.postalCode = strings.ToUpper(words[i])
				continue
			}
		}
		w := strings.TrimFunc(words[i], func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
		if i+1 < len(words) {
			if t, ok := typeWords[w+" "+words[i+1]]; ok {
				r.setType(t, typeChosen)
				i++
				continue
			}
		}
		if t, ok := typeWords[w]; ok {
			r.setType(t, typeChosen)
			continue
		}
		if connectors[w] || w == "" && words[i] != "" && len(words) > 1 {
			continue
		}
		r.words = append(r.words, words[i])
	}
	return r
}

// setType keeps the first type word's type, unless the search chose one.
func (r *lineReading) setType(t string, typeChosen bool) {
	if !typeChosen && r.propertyType == "" {
		r.propertyType = t
	}
}

// placeCandidate is a run of a reading's words, words[from:to], that could name a place, as
// the places tables key it (an abbreviation expanded).
type placeCandidate struct {
	key      string
	from, to int
}

// placeCandidates are the runs of words that could name a place, longest first.
func (r lineReading) placeCandidates() []placeCandidate {
	var out []placeCandidate
	for n := len(r.words); n >= 1; n-- {
		for i := 0; i+n <= len(r.words); i++ {
			key := strings.Trim(strings.Join(r.words[i:i+n], " "), ".,;")
			if city, ok := cityAbbreviations[key]; ok {
				key = city
			}
			out = append(out, placeCandidate{key: key, from: i, to: i + n})
		}
	}
	return out
}

// without is the reading's free text once a place's run of words is taken out, with any repeat
// of it and any abbreviation of the same place ("New York, NY").
func (r lineReading) without(c placeCandidate) string {
	rest := slices.Concat(r.words[:c.from], r.words[c.to:])
	var out []string
	for i := 0; i < len(rest); i++ {
		if end := i + c.to - c.from; end <= len(rest) && strings.Trim(strings.Join(rest[i:end], " "), ".,;") == c.key {
			i = end - 1 // the place named again ("Springfield" in both boxes)
			continue
		}
		if cityAbbreviations[strings.Trim(rest[i], ".,;")] != c.key {
			out = append(out, rest[i])
		}
	}
	return strings.Join(out, " ")
}

// namedPlace looks up the runs of r's words that could name a place, in one statement, and
// returns the one that does: the longest run, a city over a neighbourhood of the same length
// (PlacesNamed lists cities first). found is false when none names a listed place.
func (s *Service) namedPlace(ctx context.Context, r lineReading) (place db.ExactPlaceRow, run placeCandidate, found bool, err error) {
	candidates := r.placeCandidates()
	if len(candidates) == 0 {
		return place, run, false, nil
	}
	keys := make([]string, len(candidates))
	for i, c := range candidates {
		keys[i] = c.key
	}
	named, err := s.q.PlacesNamed(ctx, keys)
	if err != nil {
		return place, run, false, fmt.Errorf("look up places: %w", err)
	}
	at := -1
	for _, c := range candidates {
		if at >= 0 && c.to-c.from < run.to-run.from {
			break // candidates come longest first
		}
		if i := slices.IndexFunc(named, func(p db.PlacesNamedRow) bool { return p.Key == c.key }); i >= 0 && (at < 0 || i < at) {
			run, at = c, i
		}
	}
	if at < 0 {
		return place, run, false, nil
	}
	return db.ExactPlaceRow(named[at]), run, true, nil
}

// typeWords maps the words people type for a kind of home to the contract's property types;
// plurals are listed, since a type word is matched whole.
var typeWords = map[string]string{
	"apartment": "apartment", "apartments": "apartment", "apt": "apartment", "apts": "apartment",
	"flat": "apartment", "flats": "apartment",
	"house": "house", "houses": "house",
	"condo": "condo", "condos": "condo", "condominium": "condo", "condominiums": "condo",
	"student housing": "student_housing", "student accommodation": "student_housing", "student_housing": "student_housing",
	"villa": "villa", "villas": "villa",
	"townhouse": "townhouse", "townhouses": "townhouse", "townhome": "townhouse", "townhomes": "townhouse",
	"duplex": "duplex", "duplexes": "duplex",
	"studio": "studio", "studios": "studio",
	"penthouse": "penthouse", "penthouses": "penthouse",
	"loft": "loft", "lofts": "loft",
	"cottage": "cottage", "cottages": "cottage",
	"bungalow": "bungalow", "bungalows": "bungalow",
	"chalet": "chalet", "chalets": "chalet",
	"farmhouse": "farmhouse", "farmhouses": "farmhouse",
	"mansion": "mansion", "mansions": "mansion",
}

// cityAbbreviations are the short names of the largest cities people type (README § Search).
var cityAbbreviations = map[string]string{
	"nyc": "new york", "ny": "new york", "new york city": "new york",
	"la": "los angeles", "l.a": "los angeles", "l.a.": "los angeles",
	"sf": "san francisco", "dc": "washington", "philly": "philadelphia",
	"vegas": "las vegas", "nola": "new orleans",
}

// connectors join the parts of a line ("flats in London") and mean nothing alone.
var connectors = map[string]bool{"in": true, "near": true, "at": true, "around": true, "within": true, "for": true, "rent": true, "to": true}

var (
	usZip      = regexp.MustCompile(`^\d{5}(?:-?\d{4})?$`)
	caPostal   = regexp.MustCompile(`^[a-z]\d[a-z]\d[a-z]\d$`)
	ukPostcode = regexp.MustCompile(`^(?:[a-z]{1,2}\d[a-z\d]?\d[a-z]{2}|gir0aa)$`)
	// globalPostal: 6 to 10 digits, with or without one dash after the third to fifth
	// ("155-0033", "01310-100", "400001"); nine are a US ZIP+4's form, which is tested first.
	globalPostal = regexp.MustCompile(`^\d{3,5}-?\d{3,5}$`)
	// shortPostal: the four digits of Australia, New Zealand, Switzerland, Austria and others.
	shortPostal = regexp.MustCompile(`^\d{4}$`)
)

// isPostalCode tells whether a lower-cased word, its spaces taken out, is a US ZIP or ZIP+4, a
// Canadian postal code, a UK postcode or a global one (the web app's classifyPostalCode, in any
// spacing); whole says the word is the whole line, which a bare four-digit code must be.
func isPostalCode(word string, whole bool) bool {
	w := strings.ReplaceAll(word, " ", "")
	return usZip.MatchString(w) || caPostal.MatchString(w) || ukPostcode.MatchString(w) ||
		globalPostal.MatchString(w) || whole && shortPostal.MatchString(w)
}
