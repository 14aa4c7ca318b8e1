// Package web serves the pages the server writes beside the API: the built single-page app
// (precompressed files, a history fallback for its routes), the page that opens each screen
// (its code preloaded, its prerendered markup, the answers to its first rpcs and its main
// picture: first-load), each page's title, meta, Open Graph tags and structured data (SEO), the
// sitemap and robots.txt, and the pages' Content-Security-Policy (map tiles, Stripe).
// internal/server wires it in as the handler of every path nothing else serves.
package web

import (
	"io/fs"
	"net/http"
)

// Options are what the pages need.
type Options struct {
	// SPA is the built single-page app.
	SPA fs.FS
	// MapTiles is the street map's tile server; none (the zero value) keeps the offline drawing.
	MapTiles MapTiles
	// CardPayments admits Stripe's hosts to the pages' Content-Security-Policy (card payments
	// are configured; without them, demo mode).
	CardPayments bool
	// PublicURL is the site's public origin (from ParsePublicURL), which canonical links, link
	// previews, the sitemap and robots.txt name; "" takes the scheme and host of each request
	// (siteOrigin).
	PublicURL string
	// API serves the rpcs a page calls in process for its first answers: the server's own
	// handler, so they pass the same interceptors as the app's calls.
	API http.Handler
	// Listings and Articles are what the sitemap lists.
	Listings Listings
	Articles Articles
}

// New returns the handler of the pages: the sitemap and robots.txt, and the app at every other
// path.
func New(opts Options) http.Handler {
	policy := paymentPolicy(contentSecurityPolicy(opts.MapTiles), opts.CardPayments)
	site := newSitemaps(opts.Listings, opts.Articles, opts.SPA, opts.PublicURL, sitemapMaxURLs)
	return site.wrap(spaHandlerWithPolicy(opts.SPA, opts.MapTiles, policy, opts.API, opts.PublicURL))
}
