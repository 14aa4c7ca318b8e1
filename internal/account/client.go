package account

import "context"

// Client describes who sent a request: what rate limits and cookies need to know.
type Client struct {
	IP        string // the client's address, for per-address limits
	UserAgent string
	Secure    bool // the request came over TLS, so cookies get the Secure flag
}

type clientKey struct{}

// WithClient returns ctx carrying the request's client.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientFrom returns the request's client (zero outside a request).
func ClientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}
