// Package convert holds the small conversions between database rows and API messages.
package convert

import (
	"bytes"
	"encoding/json"
)

// Value returns *p, or the zero value when p is nil (a NULL column).
func Value[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// Ptr returns a pointer to v, or nil for the zero value (stored as NULL).
func Ptr[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// Strings decodes a JSON array of strings; columns holding one are CHECKed to be arrays,
// and anything else decodes to an empty list. Every listing has three such columns, so arrays
// of strings without escapes, as PostgreSQL prints jsonb, are sliced directly.
func Strings(raw []byte) []string {
	if out, ok := plainStrings(raw); ok {
		return out
	}
	var out []string
	if len(raw) > 0 && json.Unmarshal(raw, &out) != nil {
		return nil
	}
	return out
}

// plainStrings reads `["a", "b"]` when no string holds an escape, else reports false.
func plainStrings(raw []byte) ([]string, bool) {
	if bytes.IndexByte(raw, '\\') >= 0 {
		return nil, false
	}
	s := bytes.TrimSpace(raw)
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	s = bytes.TrimSpace(s[1 : len(s)-1])
	out := make([]string, 0, bytes.Count(s, []byte{','})+1)
	for len(s) > 0 {
		if s[0] != '"' {
			return nil, false
		}
		end := bytes.IndexByte(s[1:], '"') + 1
		if end == 0 {
			return nil, false
		}
		item := s[1:end]
		for _, c := range item {
			if c < 0x20 {
				return nil, false // control characters must be escaped: not JSON
			}
		}
		out = append(out, string(item))
		s = bytes.TrimSpace(s[end+1:])
		if len(s) > 0 {
			if s[0] != ',' {
				return nil, false
			}
			if s = bytes.TrimSpace(s[1:]); len(s) == 0 {
				return nil, false // trailing comma
			}
		}
	}
	return out, true
}

// JSON encodes v for a jsonb column.
func JSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only called with plain data
	}
	return b
}
