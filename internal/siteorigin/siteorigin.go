// Package siteorigin carries the site's origin on a context, for the absolute links that leave
// the site (emails): PUBLIC_URL when set, else the address the server listens on — never a
// request's Host or Origin header, which whoever triggers an email could forge.
package siteorigin

import "context"

// Fallback is the origin without a request or PUBLIC_URL: a laptop's `make run`.
const Fallback = "http://localhost:8080"

type key struct{}

// With returns ctx carrying origin ("https://rentproof.example", no trailing slash).
func With(ctx context.Context, origin string) context.Context {
	return context.WithValue(ctx, key{}, origin)
}

// From returns the origin on ctx, or Fallback.
func From(ctx context.Context) string {
	if o, ok := ctx.Value(key{}).(string); ok && o != "" {
		return o
	}
	return Fallback
}
