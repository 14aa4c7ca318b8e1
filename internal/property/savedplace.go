package property

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
	place, run, found, err := s.namedPlace(ctx, r)
	if err != nil {
		return out, err
	}
	if found {
		text = r.without(run)
		if out.PostalCodeKey == "" {
			if place.Kind == "city" {
				out.CityKey = place.Key
			} else {
				out.LocalityKey = place.Key
			}
			out.Name = place.Name
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
