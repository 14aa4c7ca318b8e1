package server

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClientOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		proxies int
		forward []string // X-Forwarded-For headers
		proto   []string // X-Forwarded-Proto headers
		ip      string
		secure  bool
	}{
		{"no proxy: headers ignored", 0, []string{"198.51.100.1"}, []string{"https"}, "192.0.2.9", false},
		{"one proxy: what it appended", 1, []string{"203.0.113.66, 198.51.100.1"}, nil, "198.51.100.1", false},
		{"the client's own entries never count", 1, []string{"198.51.100.1, 203.0.113.66"}, nil, "203.0.113.66", false},
		{"headers joined", 1, []string{"203.0.113.66", "198.51.100.1"}, nil, "198.51.100.1", false},
		{"two proxies", 2, []string{"203.0.113.66, 198.51.100.1, 10.0.0.2"}, nil, "198.51.100.1", false},
		{"list shorter than the proxies", 2, []string{"198.51.100.1"}, nil, "192.0.2.9", false},
		{"no header", 1, nil, nil, "192.0.2.9", false},
		{"not an address", 1, []string{"<script>alert(1)</script>"}, nil, "192.0.2.9", false},
		{"text after an address", 1, []string{"198.51.100.1' OR '1'='1"}, nil, "192.0.2.9", false},
		{"empty entry", 1, []string{"198.51.100.1, "}, nil, "192.0.2.9", false},
		{"spaces", 1, []string{"  198.51.100.1  "}, nil, "198.51.100.1", false},
		{"with a port", 1, []string{"198.51.100.1:4711"}, nil, "198.51.100.1", false},
		{"IPv6 canonical", 1, []string{"2001:DB8:0:0::1"}, nil, "2001:db8::1", false},
		{"IPv6 with a port", 1, []string{"[2001:db8::1]:443"}, nil, "2001:db8::1", false},
		{"IPv4-mapped IPv6 is IPv4", 1, []string{"::ffff:198.51.100.1"}, nil, "198.51.100.1", false},
		{"zone dropped", 1, []string{"fe80::1%eth0"}, nil, "fe80::1", false},
		{"proxy's https", 1, nil, []string{"https"}, "192.0.2.9", true},
		{"any case", 1, nil, []string{"HTTPS"}, "192.0.2.9", true},
		{"proxy's http after the client's https", 1, nil, []string{"https, http"}, "192.0.2.9", false},
		{"the outer proxy's https", 2, nil, []string{"https, http"}, "192.0.2.9", true},
		{"set once by the TLS proxy, passed on", 2, nil, []string{"https"}, "192.0.2.9", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := httptest.NewRequest(http.MethodGet, "/", http.NoBody)
			r.RemoteAddr = "192.0.2.9:51000"
			for _, v := range c.forward {
				r.Header.Add("X-Forwarded-For", v)
			}
			for _, v := range c.proto {
				r.Header.Add("X-Forwarded-Proto", v)
			}
			if got := clientOf(r, c.proxies); got.IP != c.ip || got.Secure != c.secure {
				t.Errorf("got %s secure=%v, want %s secure=%v", got.IP, got.Secure, c.ip, c.secure)
			}
		})
	}

	r := httptest.NewRequest(http.MethodGet, "/", http.NoBody)
	r.TLS = &tls.ConnectionState{}
	if c := clientOf(r, 0); !c.Secure {
		t.Error("direct TLS is secure")
	}
	r.RemoteAddr = "pipe"
	if c := clientOf(r, 0); c.IP != "0.0.0.0" {
		t.Errorf("a peer that is no IP: %q", c.IP)
	}
}

// The user agent is stored with the session as text: it must be storable whatever was sent.
func TestUserAgentIsStorable(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest(http.MethodGet, "/", http.NoBody)
	r.Header.Set("User-Agent", "Mozilla\x00/5.0 \xff\xfe"+strings.Repeat("é", 400))
	ua := clientOf(r, 0).UserAgent
	if !utf8.ValidString(ua) || strings.ContainsRune(ua, 0) || len(ua) > maxUserAgent || !strings.HasPrefix(ua, "Mozilla/5.0 \uFFFD") {
		t.Errorf("user agent %q (%d bytes)", ua, len(ua))
	}
}
