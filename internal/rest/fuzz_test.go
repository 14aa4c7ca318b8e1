package rest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protojson"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/rpc"
)

// The shim's request decoding never panics: a body is either decoded (text in it that is not
// valid UTF-8 marked, so the text check refuses it, or dropped with an unknown field) or answered
// 400 with a JSON message, by both of its decoders (the plain one and the one that reshapes the
// spec's categories object).
func FuzzDecodeRequest(f *testing.F) {
	for _, seed := range []string{``, `{}`, `{"rating":4,"title":"Quiet"}`, `{"categories":{"Location":1,"Value":2}}`, `{"categories":null}`,
		`{"categories":["Location"]}`, `{"rating":"x"}`, `{"rating":1e99}`, `[]`, `"s"`, `{"title":"\u0000"}`, "{\"title\":\"\xff\"}", `{`,
		`{"pros":[[[[[[[[[[]]]]]]]]]]}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for name, dec := range map[string]func(http.ResponseWriter, *http.Request, *reviewv1.CreateReviewRequest) bool{
			"decode": func(w http.ResponseWriter, r *http.Request, m *reviewv1.CreateReviewRequest) bool {
				return decode(w, r, m)
			},
			"decodeReshaped": func(w http.ResponseWriter, r *http.Request, m *reviewv1.CreateReviewRequest) bool {
				return decodeReshaped(w, r, m, categoriesAsList)
			},
		} {
			rec := httptest.NewRecorder()
			var m reviewv1.CreateReviewRequest
			ok := dec(rec, httptest.NewRequest(http.MethodPost, "/api/properties/3/reviews", bytes.NewReader(body)), &m)
			if ok {
				if rec.Body.Len() != 0 {
					t.Fatalf("%s: decoded, yet answered %d", name, rec.Code)
				}
				// Text that was not UTF-8 is never let through silently repaired: a replacement
				// character in what passes the text check was sent as one.
				decoded, _ := protojson.Marshal(&m)
				sent := bytes.Contains(body, []byte("\uFFFD")) || bytes.Contains(bytes.ToLower(body), []byte(`\ufffd`))
				if rpc.CheckText(&m) == nil && bytes.ContainsRune(decoded, utf8.RuneError) && !sent {
					t.Fatalf("%s: %q passes the text check repaired: %s", name, body, decoded)
				}
				continue
			}
			var answer struct{ Message string }
			if rec.Code != http.StatusBadRequest || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Message != "Invalid input" {
				t.Fatalf("%s: %q answered %d %s", name, body, rec.Code, rec.Body)
			}
		}
	})
}
