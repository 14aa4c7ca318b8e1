package web

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rentproof/rentproof/internal/identity"
)

// Being found. The page that opens a screen carries, before any script runs, what search
// engines and link previews read: the document title ("{title} | RentProof"), a description, the
// canonical address, Open Graph and Twitter tags, robots "noindex" for private pages, and
// schema.org data where search engines use it. Fixed pages take theirs from the screens' list
// (src/app/page-meta.json, which the router reads too); a property, an article, a location and
// a city search build theirs from the answer the page already carries (firstload.go), so naming
// a page costs no query of its own. Every value from user content is HTML-escaped, and the
// JSON-LD is JSON with "<", ">" and "&" escaped, so no "</script>" or "<!--" can end it early.

// siteName is the product's name in titles (SITE_NAME in ui/src/lib/use-page-title.ts).
const siteName = "RentProof"

// documentTitle formats a page title as the app does (pageTitle in use-page-title.ts).
func documentTitle(title string) string {
	if title == "" {
		return siteName
	}
	return title + " | " + siteName
}

// defaultSiteImage is the picture a shared link shows for a page without a picture of its own,
// or whose picture is a drawing (SVG), which the networks' previews do not show: the product's
// card, 1,200 × 630 as they ask.
const defaultSiteImage = "/images/share.jpg"

// pageHead is what a page's head says about it.
type pageHead struct {
	title       string // the page's own title, before " | RentProof"
	description string
	canonical   string // the page's address, from "/"; "" for none
	noindex     bool
	ogType      string // "website" (default) or "article"
	ogTitle     string // the title shared links show; "" for the document title
	image       string // a path from "/" or an absolute URL; "" for the product's card
	jsonLD      []any  // schema.org objects
}

// ParsePublicURL checks the site's public origin (PUBLIC_URL): an absolute http or https URL
// with no path beyond "/", no query and no fragment. It returns the origin without a trailing
// slash; "" stays "" (the origin is then taken from each request: siteOrigin).
func ParsePublicURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "" || !hostPort.MatchString(u.Host) {
		return "", fmt.Errorf("public URL %q: want an origin such as https://rentproof.example", s)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// hostPort is a host name, IPv4 address or bracketed IPv6 address, with an optional port.
var hostPort = regexp.MustCompile(`^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$`)

// siteOrigin is the origin absolute links are written with: the configured public URL, or else
// the request's own scheme (as Identify told it) and Host when Host is a well-formed host name,
// so a made-up Host can only ever name a host, never inject markup. "" when neither is usable.
func siteOrigin(r *http.Request, public string) string {
	if public != "" {
		return public
	}
	if !hostPort.MatchString(r.Host) {
		return ""
	}
	scheme := "http"
	if identity.ClientFrom(r.Context()).Secure {
		scheme = "https"
	}
	return scheme + "://" + strings.ToLower(r.Host)
}

// SiteOrigin is siteOrigin for the server's other parts (the origin of links in emails).
func SiteOrigin(r *http.Request, public string) string { return siteOrigin(r, public) }

// absolute makes a link absolute against origin; an absolute http(s) link stays as it is.
func absolute(origin, link string) string {
	if strings.HasPrefix(link, "https://") || strings.HasPrefix(link, "http://") {
		return link
	}
	if !strings.HasPrefix(link, "/") || strings.HasPrefix(link, "//") {
		return ""
	}
	return origin + link
}

// html writes the head's elements. Attribute values and the title are HTML-escaped; the JSON-LD
// is escaped for a script element.
func (h pageHead) html(origin string) string {
	var b strings.Builder
	title := documentTitle(h.title)
	fmt.Fprintf(&b, "<title>%s</title>", html.EscapeString(title))
	meta := func(attr, key, value string) {
		if value != "" {
			fmt.Fprintf(&b, `<meta %s="%s" content="%s">`, attr, key, html.EscapeString(value))
		}
	}
	meta("name", "description", h.description)
	if h.noindex {
		meta("name", "robots", "noindex")
		return b.String()
	}
	canonical := ""
	if h.canonical != "" && origin != "" {
		canonical = origin + h.canonical
		fmt.Fprintf(&b, `<link rel="canonical" href="%s">`, html.EscapeString(canonical))
	}
	ogTitle := h.ogTitle
	if ogTitle == "" {
		ogTitle = title
	}
	image := absolute(origin, h.image)
	if image == "" || strings.HasSuffix(strings.ToLower(path.Ext(strings.SplitN(image, "?", 2)[0])), ".svg") {
		image = absolute(origin, defaultSiteImage)
	}
	meta("property", "og:site_name", siteName)
	meta("property", "og:type", cmp.Or(h.ogType, "website"))
	meta("property", "og:title", ogTitle)
	meta("property", "og:description", h.description)
	meta("property", "og:url", canonical)
	meta("property", "og:image", image)
	if image == absolute(origin, defaultSiteImage) {
		meta("property", "og:image:width", "1200")
		meta("property", "og:image:height", "630")
	}
	meta("name", "twitter:card", "summary_large_image")
	meta("name", "twitter:title", ogTitle)
	meta("name", "twitter:description", h.description)
	meta("name", "twitter:image", image)
	for _, data := range h.jsonLD {
		fmt.Fprintf(&b, `<script type="application/ld+json">%s</script>`, scriptJSON(data))
	}
	return b.String()
}

// scriptJSON is v as JSON that cannot end the script element holding it: encoding/json
// escapes "<", ">" and "&" (so no "</script>" or "<!--") and U+2028/U+2029. A value that cannot
// be encoded is an empty object.
func scriptJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// headStart and the built index.html's own title and description, which a page's head replaces.
var (
	builtTitle       = regexp.MustCompile(`<title>[^<]*</title>`)
	builtDescription = regexp.MustCompile(`<meta name="description"[^>]*>\s*`)
)

// withHead puts head in place of the page's title and description (before </head> when the
// page has no title).
func withHead(page []byte, head string) []byte {
	page = builtDescription.ReplaceAll(page, nil)
	if loc := builtTitle.FindIndex(page); loc != nil {
		return bytesConcat(page[:loc[0]], []byte(head), page[loc[1]:])
	}
	return bytes.Replace(page, []byte("</head>"), []byte(head+"</head>"), 1)
}

// bytesConcat joins byte slices into a new one.
func bytesConcat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}

// clip cuts text to at most n characters on a word boundary where it can, adding "…", after
// making it one line of valid UTF-8 without control characters (text from an address may hold
// any bytes).
func clip(text string, n int) string {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, ""))
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	runes := []rune(text)[:n-1]
	cut := string(runes)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

// namedPages keeps fixed pages with their heads, and gzipped, per origin: with PUBLIC_URL set
// there is one origin, else one per host name the site is reached by (bounded).
type namedPages struct {
	mu    sync.Mutex
	pages map[string]namedPage
}

// namedPage is a page and its gzip copy.
type namedPage struct{ page, gz []byte }

// maxNamedPages bounds namedPages: past it, pages are made for each request.
const maxNamedPages = 512

// named returns the page name with head, and its gzip copy.
func (p screenPages) named(name, origin string, head pageHead) (page, gz []byte) {
	key := name + " " + origin
	p.heads.mu.Lock()
	cached, ok := p.heads.pages[key]
	p.heads.mu.Unlock()
	if ok {
		return cached.page, cached.gz
	}
	page, _ = fs.ReadFile(p, name) // a screen's page, from memory
	page = withHead(page, head.html(origin))
	gz = gzipped(page, gzip.BestCompression)
	p.heads.mu.Lock()
	if len(p.heads.pages) < maxNamedPages {
		p.heads.pages[key] = namedPage{page, gz}
	}
	p.heads.mu.Unlock()
	return page, gz
}

// staticHead is the head of a fixed page: its entry in the screens' list.
// The home page says what the site is called and whose it is (WebSite and Organization data,
// from which search engines take the site's name and logo).
func staticHead(s screen, origin string) pageHead {
	canonical := s.Path
	if strings.Contains(s.Path, ":") {
		canonical = ""
	}
	head := pageHead{title: s.Title, description: s.Description, canonical: canonical, noindex: s.NoIndex}
	if s.Path == "/" && origin != "" {
		head.jsonLD = []any{
			map[string]any{"@context": "https://schema.org", "@type": "WebSite", "name": siteName, "url": origin + "/"},
			map[string]any{"@context": "https://schema.org", "@type": "Organization", "name": siteName, "url": origin + "/", "logo": origin + "/images/logo.svg"},
		}
	}
	return head
}

// propertyAnswer is the part of GetProperty's answer a property page's head uses.
type propertyAnswer struct {
	Property struct {
		ID           int64    `json:"id"`
		Title        string   `json:"title"`
		Description  string   `json:"description"`
		Address      string   `json:"address"`
		City         string   `json:"city"`
		State        string   `json:"state"`
		ZipCode      string   `json:"zipCode"`
		Country      string   `json:"country"`
		PropertyType string   `json:"propertyType"`
		MonthlyRent  int64    `json:"monthlyRent"`
		Bedrooms     int64    `json:"bedrooms"`
		Bathrooms    int64    `json:"bathrooms"`
		Currency     string   `json:"currency"`
		Images       []string `json:"images"`
	} `json:"property"`
}

// propertyHead is a property page's head from its GetProperty answer (SPEC §9: the shared link
// reads "Check out {title} on RentProof", "N bed, N bath property in {city} for {rent}/month").
//
// Structured data: a BreadcrumbList, and the property as a schema.org Accommodation with its
// address, rooms and pictures. No AggregateRating: Google shows review stars only for the
// types its review-snippet guidelines list (products, local businesses, recipes, …), and a
// flat to rent is none of them; rating markup on another type is ignored at best and reported as
// invalid at worst. Nor an Offer: without a Product it means nothing to them either.
func propertyHead(answer []byte, canonical string, origin string) (pageHead, bool) {
	var a propertyAnswer
	if json.Unmarshal(answer, &a) != nil || a.Property.ID == 0 {
		return pageHead{}, false
	}
	p := a.Property
	description := fmt.Sprintf("%d bed, %d bath property in %s for %s", p.Bedrooms, p.Bathrooms, p.City, formatRent(p.MonthlyRent, p.Currency))
	image := firstPicture(p.Images)
	place := map[string]any{
		"@context": "https://schema.org",
		"@type":    "Accommodation",
		"name":     p.Title,
		"url":      origin + canonical,
		"address": map[string]any{
			"@type":           "PostalAddress",
			"streetAddress":   p.Address,
			"addressLocality": p.City,
			"addressRegion":   p.State,
			"postalCode":      p.ZipCode,
			"addressCountry":  p.Country,
		},
		"numberOfBedrooms":       p.Bedrooms,
		"numberOfBathroomsTotal": p.Bathrooms,
	}
	if p.Description != "" {
		place["description"] = clip(p.Description, 300)
	}
	var images []string
	for _, src := range p.Images {
		if abs := absolute(origin, strings.TrimSpace(src)); abs != "" {
			images = append(images, abs)
		}
	}
	if len(images) > 0 {
		place["image"] = images
	}
	crumbs := breadcrumbs(origin,
		crumb{"Home", "/"},
		crumb{"Find Properties", "/find-properties"},
		crumb{p.City, "/find-properties?" + url.Values{"city": {p.City}}.Encode()},
		crumb{p.Title, canonical},
	)
	return pageHead{
		title:       p.Title,
		description: description,
		canonical:   canonical,
		ogTitle:     fmt.Sprintf("Check out %s on %s", p.Title, siteName),
		image:       image,
		jsonLD:      []any{crumbs, place},
	}, true
}

// resourceAnswer is the part of GetResource's answer an article page's head uses.
type resourceAnswer struct {
	Resource struct {
		ID              int64  `json:"id"`
		Title           string `json:"title"`
		Description     string `json:"description"`
		MetaDescription string `json:"metaDescription"`
		AuthorName      string `json:"authorName"`
		CoverImage      string `json:"coverImage"`
		PublishedAt     string `json:"publishedAt"`
		UpdatedAt       string `json:"updatedAt"`
	} `json:"resource"`
}

// resourceHead is an article's head from its GetResource answer, with Article and
// BreadcrumbList data (both of which Google reads for articles).
func resourceHead(answer []byte, canonical string, origin string) (pageHead, bool) {
	var a resourceAnswer
	if json.Unmarshal(answer, &a) != nil || a.Resource.ID == 0 {
		return pageHead{}, false
	}
	r := a.Resource
	description := clip(cmp.Or(strings.TrimSpace(r.MetaDescription), r.Description), 160)
	article := map[string]any{
		"@context":         "https://schema.org",
		"@type":            "Article",
		"headline":         clip(r.Title, 110),
		"description":      description,
		"mainEntityOfPage": origin + canonical,
		"publisher":        map[string]any{"@type": "Organization", "name": siteName},
	}
	if cover := absolute(origin, strings.TrimSpace(r.CoverImage)); cover != "" {
		article["image"] = []string{cover}
	}
	if r.AuthorName != "" {
		article["author"] = []map[string]any{{"@type": "Person", "name": r.AuthorName}}
	}
	if r.PublishedAt != "" {
		article["datePublished"] = r.PublishedAt
	}
	if r.UpdatedAt != "" {
		article["dateModified"] = r.UpdatedAt
	}
	crumbs := breadcrumbs(origin, crumb{"Home", "/"}, crumb{"Resources", "/resources"}, crumb{r.Title, canonical})
	return pageHead{
		title:       r.Title,
		description: description,
		canonical:   canonical,
		ogType:      "article",
		image:       strings.TrimSpace(r.CoverImage),
		jsonLD:      []any{crumbs, article},
	}, true
}

// crumb is one step of a breadcrumb trail.
type crumb struct{ name, path string }

// breadcrumbs is a schema.org BreadcrumbList of absolute links.
func breadcrumbs(origin string, trail ...crumb) map[string]any {
	items := make([]map[string]any, len(trail))
	for i, c := range trail {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.name, "item": origin + c.path}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// anyPostalCode is the shape of any postal code (ANY_POSTAL_CODE, ui/src/lib/postal-code.ts):
// the location page shows "Location Not Found" for anything else.
var anyPostalCode = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$`)

// locationCode is the postal code of a location page's address, decoded and trimmed as the page
// reads it, and false when it cannot be one.
func locationCode(urlPath string) (string, bool) {
	code, err := url.PathUnescape(strings.TrimPrefix(strings.TrimSuffix(urlPath, "/"), "/location/"))
	code = strings.TrimSpace(code)
	return code, err == nil && anyPostalCode.MatchString(code)
}

// locationPlaceholder is the code the build prerenders the location page's skeleton for
// (ui/scripts/prerender.mjs); the server writes the page's own code in its place.
const locationPlaceholder = "RP0CODE0"

// locationPage is the prerendered location skeleton named after code (any text: escaped).
func locationPage(page []byte, code string) []byte {
	return bytes.ReplaceAll(page, []byte(locationPlaceholder), []byte(html.EscapeString(strings.ToValidUTF8(code, "\uFFFD"))))
}

// locationHead is a location page's head from its address, and false when the code cannot be a
// postal code (the page's "Location Not Found"). Its title is the page's (location-page.tsx).
func locationHead(urlPath string) (pageHead, bool) {
	code, ok := locationCode(urlPath)
	if !ok {
		return pageHead{title: "Location Not Found", noindex: true}, false
	}
	return pageHead{
		title:       "Properties in " + code,
		description: placeDescription(code),
		canonical:   "/location/" + url.PathEscape(code),
	}, true
}

// placeDescription describes the listings of a place (a postal code or a city). Only some reviews
// are verified (a tenancy checked, /how-reviews-work), so it says the verified ones are labelled.
func placeDescription(place string) string {
	return fmt.Sprintf("Rental properties in %s on %s, with ratings and reviews from tenants, landlords and neighbours, the verified ones labelled.", place, siteName)
}

// maxCityInTitle bounds the city a search page is named after (the address may carry any text).
const maxCityInTitle = 80

// searchHead is the search page's head: named after the city searched for, if any (as the page
// names itself), with the canonical link to the unfiltered search or the city's, whatever the
// other filters, sort or page.
func searchHead(s screen, u *url.URL) pageHead {
	head := staticHead(s, "")
	if city := clip(u.Query().Get("city"), maxCityInTitle); city != "" {
		head.title = "Properties in " + city
		head.description = placeDescription(city)
		head.canonical = "/find-properties?" + url.Values{"city": {city}}.Encode()
	}
	return head
}

// notFoundTitles are the titles of a dynamic page whose subject is missing, as the app writes
// them (property-detail-page.tsx, resource-article.tsx).
var notFoundTitles = map[string]string{
	"/properties/:id": "Property Not Found",
	"/resources/:id":  "Resource Not Found",
}

// notFoundPath is the address the build prerenders the not-found page at (prerender.mjs): the
// server writes the address asked for in its place.
const notFoundPath = "/rentproof-not-found"

// notFoundPage is the not-found screen's page for urlPath, escaped.
func notFoundPage(page []byte, urlPath string) []byte {
	return bytes.ReplaceAll(page, []byte(notFoundPath), []byte(html.EscapeString(strings.ToValidUTF8(urlPath, "\uFFFD"))))
}
