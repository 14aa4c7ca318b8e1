package store

import "strings"

// faultSettings keep a database fault short (docs/reliability.md, Faults); the URL may set each
// otherwise. A connection attempt to a host that does not answer fails after 3 s, not the
// kernel's minutes of SYN retries; idle connections are checked every 5 s and before reuse (2 s at
// most), so those to a restarted PostgreSQL are replaced between requests rather than failing one.
var faultSettings = [][2]string{
	{"connect_timeout", "3"},
	{"pool_health_check_period", "5s"},
	{"pool_ping_timeout", "2s"},
}

// WithFaultSettings is url with faultSettings added where it sets none of its own, in either form
// PostgreSQL accepts: a URL (postgres://…?k=v) or key=value words.
func WithFaultSettings(url string) string {
	uri := strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
	for _, kv := range faultSettings {
		if strings.Contains(url, kv[0]+"=") {
			continue
		}
		switch {
		case !uri:
			url += " " + kv[0] + "=" + kv[1]
		case strings.Contains(url, "?"):
			url += "&" + kv[0] + "=" + kv[1]
		default:
			url += "?" + kv[0] + "=" + kv[1]
		}
	}
	return url
}
