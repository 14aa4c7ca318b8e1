package server

import (
	"encoding/hex"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/requestlog"
)

// Identify puts the request's Client and its requestlog.Request on the context for every request
// (static files too: the HSTS header needs to know whether the request is secure, and every
// request's log line names its id), and answers the id in X-Request-ID. It costs no database
// query.
//
// proxies is the number of proxies in front of the server that each append the address they
// got the request from to X-Forwarded-For (0: believe no forwarding header). Set it only when
// every request passes through those proxies. The same trust takes the proxy's X-Request-ID.
func Identify(proxies int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := requestID(r, proxies)
		w.Header()[requestIDHeader] = []string{id}
		ctx := requestlog.With(r.Context(), &requestlog.Request{ID: id})
		next.ServeHTTP(w, r.WithContext(identity.WithClient(ctx, clientOf(r, proxies))))
	})
}

// inProcess gives each rpc a page calls in process (web's first load, several at once) a
// requestlog.Request of its own under the page's id: its procedure and code are its own, the page
// is counted once as a page, and calls running together write nothing shared.
func inProcess(api http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var id string
		if page := requestlog.From(r.Context()); page != nil {
			id = page.ID
		}
		api.ServeHTTP(w, r.WithContext(requestlog.With(r.Context(), &requestlog.Request{ID: id})))
	})
}

// requestIDHeader is X-Request-ID as net/http spells it: indexing the header with it saves the
// copy Set and Get make of a name spelled otherwise.
const requestIDHeader = "X-Request-Id"

// maxRequestID bounds an id taken from a proxy (a UUID is 36 characters).
const maxRequestID = 64

// requestID is the X-Request-ID a trusted proxy sent, when it is a plain token, else a new one.
// A client's own header is never believed: it could name another request in the logs.
func requestID(r *http.Request, proxies int) string {
	if proxies > 0 {
		if ids := r.Header[requestIDHeader]; len(ids) == 1 && plainToken(ids[0]) {
			return ids[0]
		}
	}
	// 128 random bits from the runtime's generator (ChaCha8 per thread): unique without a lock or
	// a system call, which crypto/rand's Text cost (650 ns more per request, measured). The id is
	// no secret: the answer shows it.
	var raw [16]byte
	var text [32]byte
	for i := range 2 {
		u := rand.Uint64() //nolint:gosec // G404: an id, not a secret (see above)
		for j := range 8 {
			raw[i*8+j] = byte(u >> (8 * j))
		}
	}
	hex.Encode(text[:], raw[:])
	return string(text[:])
}

// plainToken accepts 1 to maxRequestID letters, digits and -_.:, nothing a log line could be
// forged with.
func plainToken(s string) bool {
	if s == "" || len(s) > maxRequestID {
		return false
	}
	for _, c := range []byte(s) {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}

// clientOf tells who sent r. Each trusted proxy appends its peer to X-Forwarded-For, so the client
// is the proxies-th entry from the right; entries further left are whatever the client wrote and
// are never believed. A list too short or an entry that is not an IP leaves the TCP peer: IP is
// always a canonical address, never header text.
func clientOf(r *http.Request, proxies int) identity.Client {
	c := identity.Client{IP: peerIP(r.RemoteAddr), UserAgent: cleanUserAgent(r.UserAgent()), Secure: r.TLS != nil}
	if proxies <= 0 {
		return c
	}
	if hops := headerList(r.Header.Values("X-Forwarded-For")); len(hops) >= proxies {
		if ip, ok := parseIP(hops[len(hops)-proxies]); ok {
			c.IP = ip.String()
		}
	}
	// The scheme of the same hop: what the outermost trusted proxy received. A list shorter than
	// that is a TLS proxy that set the header once and inner proxies that passed it on.
	if schemes := headerList(r.Header.Values("X-Forwarded-Proto")); len(schemes) > 0 {
		c.Secure = c.Secure || strings.EqualFold(schemes[max(len(schemes)-proxies, 0)], "https")
	}
	return c
}

// headerList joins the comma-separated values of every instance of a header, in order.
func headerList(values []string) []string {
	var list []string
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			list = append(list, strings.TrimSpace(item))
		}
	}
	return list
}

// parseIP reads an address as proxies write it: bare, or with a port as some add. An IPv4-mapped
// IPv6 address is the IPv4 one, and a zone is dropped, so one client has one spelling.
func parseIP(s string) (netip.Addr, bool) {
	ip, err := netip.ParseAddr(s)
	if err != nil {
		ap, perr := netip.ParseAddrPort(s)
		if perr != nil {
			return netip.Addr{}, false
		}
		ip = ap.Addr()
	}
	return ip.Unmap().WithZone(""), true
}

// peerIP is the TCP peer's address; a peer that is not an IP (a test's pipe) counts as 0.0.0.0.
func peerIP(remoteAddr string) string {
	if ip, ok := parseIP(remoteAddr); ok {
		return ip.String()
	}
	return netip.IPv4Unspecified().String()
}

// maxUserAgent bounds the user agent kept with a session.
const maxUserAgent = 300

// cleanUserAgent makes the header storable as text: control characters dropped, invalid UTF-8
// replaced (strings.Map writes U+FFFD for it), and cut to maxUserAgent bytes on a character
// boundary. It is not the user's writing, so it is cleaned rather than refused.
func cleanUserAgent(ua string) string {
	ua = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, ua)
	if len(ua) > maxUserAgent {
		cut := maxUserAgent
		for cut > 0 && !utf8.RuneStart(ua[cut]) {
			cut--
		}
		ua = ua[:cut]
	}
	return ua
}
