package server

import (
	"encoding/base64"
	"testing"
)

// Whatever Connect decodes passes: URL-safe base64, padded or not, every length; only what it
// cannot decode is refused.
func TestIsQueryBase64ReadsAsConnectDoes(t *testing.T) {
	t.Parallel()
	data := []byte{0xfb, 0xff, 0xbe, 0x00, 'a', 0xfa, 0x3e, 0x3f, 0xff}
	for n := range len(data) + 1 {
		for _, s := range []string{base64.RawURLEncoding.EncodeToString(data[:n]), base64.URLEncoding.EncodeToString(data[:n])} {
			if !isQueryBase64(s) {
				t.Errorf("%q refused", s)
			}
		}
	}
	for _, s := range []string{"%%%", "_____", "a", "ab==cd", "+/+/", "YWJj\x00"} {
		if isQueryBase64(s) {
			t.Errorf("%q accepted", s)
		}
	}
}
