package property

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/store"
)

var _ savedsearch.PlaceReader = (*Service)(nil)

// ReadPlace reads a search's city, ZIP and query boxes into the one place a saved search keeps
// (savedsearch.PlaceReader), by the search's rule (searchline.go, Search): a city box alone that
// names a listed city is that city; otherwise the line (city and query) is read, its postal code,
// type word, place and free text. When more than one place is named the narrowest is kept: the
// ZIP box's or the line's postal code, else the neighbourhood, else the city. A city box alone
// that names no listed place is kept as a city key as typed (a member may wait for a city's first
// listing). The misspelling rule (5) is not applied: a saved search keeps what was typed.
func (s *Service) ReadPlace(ctx context.Context, city, zipCode, query string, typeChosen bool) (savedsearch.Place, error) {
	city, query = strings.TrimSpace(city), strings.ToLower(strings.TrimSpace(query))
	var out savedsearch.Place
	if key := PostalCodeKey(zipCode); key != "" {
		out.PostalCodeKey, out.Name = key, strings.ToUpper(strings.TrimSpace(zipCode))
	}
	if city != "" && query == "" {
		row, err := s.q.ExactPlace(ctx, city)
		switch {
		case err == nil && row.Kind == "city":
			if out.PostalCodeKey == "" {
				out.CityKey, out.Name = row.Key, row.Name
			}
			return out, nil
		case err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound):
			return out, fmt.Errorf("look up place: %w", err)
		}
	}
	line := strings.TrimSpace(city + " " + query)
	if line == "" {
		return out, nil
	}
	r := readLine(line, typeChosen)
	if r.postalCode != "" && out.PostalCodeKey == "" {
		out.PostalCodeKey, out.Name = PostalCodeKey(r.postalCode), r.postalCode
	} else if r.postalCode != "" {
		r.words = append(r.words, strings.ToLower(r.postalCode))
	}
	out.PropertyType = r.propertyType
	text := strings.Join(r.words, " ")
	if candidates := r.placeCandidates(); len(candidates) > 0 {
		keys := make([]string, len(candidates))
		for i, c := range candidates {
			keys[i] = c.key
		}
		named, err := s.q.PlacesNamed(ctx, keys)
		if err != nil {
			return out, fmt.Errorf("look up places: %w", err)
		}
		// As readInto: the longest run wins, a city over a neighbourhood.
		best, found := placeCandidate{}, -1
		for _, c := range candidates {
			if found >= 0 && c.to-c.from < best.to-best.from {
				break
			}
			i := slices.IndexFunc(named, func(p db.PlacesNamedRow) bool { return p.Key == c.key })
			if i >= 0 && (found < 0 || i < found) {
				best, found = c, i
			}
		}
		if found >= 0 {
			text = r.without(best)
			if out.PostalCodeKey == "" {
				if named[found].Kind == "city" {
					out.CityKey = named[found].Key
				} else {
					out.LocalityKey = named[found].Key
				}
				out.Name = named[found].Name
			}
		}
	}
	if _, words := queryWords(text); len(words) > 0 {
		out.Words = words
	}
	if out.CityKey == "" && out.LocalityKey == "" && out.PostalCodeKey == "" && query == "" &&
		r.propertyType == "" && r.postalCode == "" {
		// A city box alone naming no listed place: the city as typed.
		out.CityKey, out.Name, out.Words = strings.ToLower(city), city, nil
	}
	return out, nil
}
