// Package convert holds the small conversions between database rows and API messages.
package convert

import "encoding/json"

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
// and anything else decodes to an empty list.
func Strings(raw []byte) []string {
	var out []string
	if len(raw) > 0 && json.Unmarshal(raw, &out) != nil {
		return nil
	}
	return out
}

// JSON encodes v for a jsonb column.
func JSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only called with plain data
	}
	return b
}
