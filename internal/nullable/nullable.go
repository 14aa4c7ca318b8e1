// Package nullable converts NULL columns between database rows and domain types: they are nil
// pointers in sqlc's rows and zero values in the domain.
package nullable

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
