package review_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/testworld"
)

// post sends body to the REST shim as the bearer of token and reads the JSON answer.
func post(t *testing.T, url, token, body string) (int, map[string]any) {
	t.Helper()
	status, _, raw := testworld.Send(t, http.MethodPost, url, token, "application/json", strings.NewReader(body))
	var out map[string]any
	_ = json.Unmarshal([]byte(raw), &out)
	return status, out
}

// The SPEC §7 payload: userId is ignored, categories arrive as an object keyed by name.
func TestReviewsOverREST(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tenant := w.Person(t, "restful", "tenant")
	status, r := post(t, w.URL+"/api/properties/1/reviews", tenant, `{
		"propertyId": 1, "userId": 1, "rating": 5, "title": "Lovely light", "content": "Morning sun in every room, quiet street.",
		"reviewType": "tenant_to_property", "language": "en", "pros": ["Light", ""], "cons": [],
		"categories": {"Location": 1, "Noise": 1}, "photos": [], "stayPeriod": "current"}`)
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, r)
	}
	var me int
	if err := w.Pool.QueryRow(context.Background(), "SELECT id FROM users WHERE username = 'restful'").Scan(&me); err != nil {
		t.Fatal(err)
	}
	if r["userId"] != float64(me) {
		t.Errorf("forged userId 1 was used: author %v, caller %d", r["userId"], me)
	}
	if cats, _ := json.Marshal(r["categories"]); string(cats) != `["Location","Noise"]` {
		t.Errorf("categories: %s", cats)
	}
	status, r = post(t, w.URL+"/api/properties/1/reviews", tenant, `{"rating": 9, "title": "x", "content": "y", "categories": null}`)
	if status != http.StatusBadRequest || r["message"] != "Rating is required" {
		t.Errorf("invalid review: %d %v", status, r)
	}

	voter := w.Person(t, "voter", "tenant")
	status, r = post(t, w.URL+"/api/reviews/"+jsonNumber(t, w, "restful")+"/helpful", voter, ``)
	if status != http.StatusOK || r["helpful"] != 1.0 {
		t.Errorf("helpful: %d %v", status, r)
	}
	status, r = post(t, w.URL+"/api/reviews/"+jsonNumber(t, w, "restful")+"/helpful", voter, ``)
	if status != http.StatusOK || r["helpful"] != 1.0 || r["alreadyMarked"] != true {
		t.Errorf("repeat helpful: %d %v", status, r)
	}

	res, err := http.Get(w.URL + "/api/properties/1/reviews?tab=tenant")
	if err != nil {
		t.Fatal(err)
	}
	var list []map[string]any
	err = json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	if err != nil || len(list) != 1 || list[0]["title"] != "Lovely light" {
		t.Errorf("list: %v (%v)", list, err)
	}
}

func jsonNumber(t *testing.T, w *world, author string) string {
	t.Helper()
	var id string
	if err := w.Pool.QueryRow(context.Background(),
		"SELECT r.id::text FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = $1", author).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
