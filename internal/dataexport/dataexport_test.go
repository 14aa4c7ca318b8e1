package dataexport_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a test server with its export client and blob store.
type world struct {
	*testworld.World
	exports accountv1connect.DataExportServiceClient
	files   *blobstore.Bucket
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{World: testworld.Start(t, testserver.Options{})}
	w.exports = accountv1connect.NewDataExportServiceClient(http.DefaultClient, w.URL)
	files, err := blobstore.Open(context.Background(), w.BlobURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = files.Close() })
	w.files = files
	return w
}

// ask asks for an export as token.
func (w *world) ask(token string) error {
	_, err := w.exports.RequestDataExport(context.Background(), testworld.As(token, &accountv1.RequestDataExportRequest{}))
	return err
}

// list lists token's exports.
func (w *world) list(t *testing.T, token string) *accountv1.ListDataExportsResponse {
	t.Helper()
	res, err := w.exports.ListDataExports(context.Background(), testworld.As(token, &accountv1.ListDataExportsRequest{}))
	if err != nil {
		t.Fatalf("list exports: %v", err)
	}
	return res.Msg
}

// build runs the builder as a server's job does and returns how many it made ready.
func (w *world) build(t *testing.T) int {
	t.Helper()
	n, err := w.Exports.BuildDue(context.Background())
	if err != nil {
		t.Fatalf("build exports: %v", err)
	}
	return n
}

// ready asks for an export as token, builds it and returns its download URL.
func (w *world) ready(t *testing.T, token string) string {
	t.Helper()
	if err := w.ask(token); err != nil {
		t.Fatalf("ask for an export: %v", err)
	}
	w.build(t)
	list := w.list(t, token)
	if len(list.Exports) == 0 || list.Exports[0].Status != "ready" || list.Exports[0].DownloadUrl == "" {
		t.Fatalf("exports after the build: %v, want the newest ready with a download link", list.Exports)
	}
	return w.URL + list.Exports[0].DownloadUrl
}

// store writes a file to the blob store under key and returns its bytes.
func (w *world) store(t *testing.T, key string) []byte {
	t.Helper()
	data := []byte("file " + key + " " + hex.EncodeToString(random(8)))
	if err := w.files.Write(context.Background(), key, data, "application/octet-stream"); err != nil {
		t.Fatal(err)
	}
	return data
}

func random(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

func hex32() string { return hex.EncodeToString(random(16)) }

// owned is what one member owns: the ids of their rows by export file (the field the file keys
// them by), and their files by zip path.
type owned struct {
	rows  map[string][]int64
	files map[string][]byte
}

// keyField is the field that identifies a row of each file (id unless named).
var keyField = map[string]string{"review_responses.json": "review_id", "helpful_votes.json": "review_id", "saved_properties.json": "property_id"}

// own makes one row of every kind for username (a tenant, signed in with token), with carol (a
// landlord) on the other side where a kind needs someone else.
func (w *world) own(t *testing.T, username, token string) owned {
	t.Helper()
	me, carol := w.UserID(t, username), w.UserID(t, "carol")
	o := owned{rows: map[string][]int64{}, files: map[string][]byte{}}
	add := func(file string, id int32) { o.rows[file] = append(o.rows[file], int64(id)) }
	carolsFlat := w.Property(t, "carol", "Carol flat for "+username)
	myFlat := w.Property(t, username, "Own flat of "+username)
	add("listings.json", myFlat)
	myReview := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 4, 'Lived here', 'Review by '||$3||' of a flat of Carol.', 'general') RETURNING id`, carolsFlat, me, username)
	add("reviews.json", myReview)
	carolsReview := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 3, 'Visited', 'Carol wrote this about a flat of '||$3||'.', 'general') RETURNING id`, myFlat, carol, username)
	w.Exec(t, `INSERT INTO review_owner_responses (review_id, owner_id, content) VALUES ($1, $2, 'Thanks, Carol.')`, carolsReview, me)
	add("review_responses.json", carolsReview)
	carolsOwnReview := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 5, 'My own', 'Carol wrote this about her flat for '||$3||'.', 'general') RETURNING id`, carolsFlat, carol, username)
	w.Exec(t, `INSERT INTO review_helpful_votes (review_id, user_id) VALUES ($1, $2)`, carolsOwnReview, me)
	add("helpful_votes.json", carolsOwnReview)
	photo := "reviews/" + hex32() + ".webp"
	o.files["files/"+photo] = w.store(t, photo)
	add("uploads.json", w.ID(t, `INSERT INTO uploads (key, owner_id, bytes, width, height, review_id, attached_at)
		VALUES ($1, $2, 10, 4, 3, $3, now()) RETURNING id::int`, photo, me, myReview))
	claim, err := tenancyv1connect.NewTenancyServiceClient(http.DefaultClient, w.URL).ClaimTenancy(context.Background(),
		testworld.As(token, &tenancyv1.ClaimTenancyRequest{PropertyId: carolsFlat, FromMonth: "2023-01"}))
	if err != nil {
		t.Fatalf("claim tenancy: %v", err)
	}
	add("tenancies.json", claim.Msg.Tenancy.Id)
	lease := "documents/" + hex32() + ".pdf"
	o.files["files/"+lease] = w.store(t, lease)
	add("tenancy_documents.json", w.ID(t, `INSERT INTO tenancy_documents (token, key, tenant_id, tenancy_id, kind, file_name, content_type, bytes, sha256)
		VALUES ($1, $2, $3, $4, 'lease', 'lease.pdf', 'application/pdf', 10, $5) RETURNING id`, hex32(), lease, me, claim.Msg.Tenancy.Id, random(32)))
	deed := "documents/" + hex32() + ".pdf"
	o.files["files/"+deed] = w.store(t, deed)
	add("ownership_documents.json", w.ID(t, `INSERT INTO ownership_documents (token, key, owner_id, property_id, file_name, content_type, bytes)
		VALUES ($1, $2, $3, $4, 'deed.pdf', 'application/pdf', 10) RETURNING id`, hex32(), deed, me, myFlat))
	add("verification_requests.json", w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message)
		VALUES ($1, $2, $3, 'Please confirm my flat.') RETURNING id`, myFlat, me, carol))
	add("verification_requests.json", w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message)
		VALUES ($1, $2, $3, 'Please confirm my flat, '||$4||'.') RETURNING id`, carolsFlat, carol, me, username))
	add("ledger.json", w.ID(t, `SELECT min(id) FROM token_transactions WHERE user_id = $1`, me))
	add("xp_history.json", w.ID(t, `INSERT INTO user_activities (user_id, activity_type, points) VALUES ($1, 'review_posted', 10) RETURNING id`, me))
	badge := w.ID(t, `INSERT INTO badges (name, description, category) VALUES ('Badge of '||$1, 'For testing.', 'special') RETURNING id`, username)
	add("badges.json", w.ID(t, `INSERT INTO user_badges (user_id, badge_id) VALUES ($1, $2) RETURNING id`, me, badge))
	achievement := w.ID(t, `INSERT INTO achievements (name, description, category) VALUES ('Feat of '||$1, 'For testing.', 'general') RETURNING id`, username)
	add("achievements.json", w.ID(t, `INSERT INTO user_achievements (user_id, achievement_id) VALUES ($1, $2) RETURNING id`, me, achievement))
	add("notifications.json", w.ID(t, `INSERT INTO notifications (user_id, category, kind, title, body, link)
		VALUES ($1, 'review_responses', 'review_response', 'For '||$2, '', '/properties/1') RETURNING id::int`, me, username))
	add("contact_messages.json", w.ID(t, `INSERT INTO contact_messages (name, email, subject, message, user_id)
		VALUES ($1, $1||'@example.com', 'general', 'A question from '||$1||'.', $2) RETURNING id::int`, username, me))
	add("sign_ins.json", w.ID(t, `INSERT INTO sign_ins (user_id, network, device_hash) VALUES ($1, '192.0.2.7', $2) RETURNING id::int`, me, random(32)))
	add("sessions.json", w.ID(t, `SELECT min(id)::int FROM sessions WHERE user_id = $1`, me))
	add("reports.json", w.ID(t, `INSERT INTO review_reports (review_id, user_id, reason, network) VALUES ($1, $2, 'spam', '192.0.2.7') RETURNING id`, carolsOwnReview, me))
	w.Exec(t, `INSERT INTO saved_properties (user_id, property_id) VALUES ($1, $2)`, me, carolsFlat)
	add("saved_properties.json", carolsFlat)
	add("saved_searches.json", w.ID(t, `INSERT INTO saved_searches (user_id, name, locality_key, place_name, search_city, currency, max_rent, map_area)
		VALUES ($1, 'Camden for '||$2, 'camden', 'Camden', 'Camden', 'GBP', 2000, box(point(-0.2, 51.5), point(-0.1, 51.6))) RETURNING id::int`, me, username))
	// An enquiry of theirs to carol: the thread with both sides' messages is theirs to take.
	thread := w.ID(t, `INSERT INTO enquiry_threads (property_id, owner_id, enquirer_id) VALUES ($1, $2, $3) RETURNING id::int`, carolsFlat, carol, me)
	w.Exec(t, `INSERT INTO enquiry_messages (thread_id, author_id, body) VALUES ($1, $2, 'Is it free in May?'), ($1, $3, 'Yes, from the first.')`, thread, me, carol)
	add("enquiries.json", thread)
	return o
}

// download fetches url as token and returns the status, headers and body.
func download(t *testing.T, url, token string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, http.NoBody)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, body
}

// The export of a member holds every kind of row they own and none of anyone else's: two
// members each own one of every kind (and bob reviewed alice's listing, which is bob's data).
func TestExportHoldsEveryKindOfTheMembersRowsAndNoOneElses(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Established(t, "carol", "landlord")
	alice, bob := w.Established(t, "alice", "tenant"), w.Established(t, "bob", "tenant")
	mine, theirs := w.own(t, "alice", alice), w.own(t, "bob", bob)
	alicesFlat := mine.rows["listings.json"][0]
	bobsReviewOfAlice := w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 2, 'Noisy', 'Bob wrote this about the flat of alice.', 'general') RETURNING id`, alicesFlat, w.UserID(t, "bob"))
	theirs.rows["reviews.json"] = append(theirs.rows["reviews.json"], int64(bobsReviewOfAlice))

	if err := w.ask(alice); err != nil {
		t.Fatal(err)
	}
	w.ready(t, bob) // builds both
	list := w.list(t, alice)
	if len(list.Exports) != 1 || list.Exports[0].Status != "ready" || list.Exports[0].ExpiresAt == nil || list.Exports[0].Bytes == 0 {
		t.Fatalf("alice's exports: %v, want one ready with its expiry and size", list.Exports)
	}
	status, header, body := download(t, w.URL+list.Exports[0].DownloadUrl, alice)
	if status != http.StatusOK || header.Get("Content-Type") != "application/zip" || !strings.Contains(header.Get("Cache-Control"), "no-store") ||
		!strings.Contains(header.Get("Content-Disposition"), "rentproof-data-alice-") {
		t.Fatalf("download: %d %v", status, header)
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("the download is not a zip: %v", err)
	}
	entries := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		entries[f.Name], _ = io.ReadAll(r)
		_ = r.Close()
	}

	var profile struct {
		ID       int32  `json:"id"`
		Username string `json:"username"`
	}
	if err := json.Unmarshal(entries["profile.json"], &profile); err != nil || profile.Username != "alice" || profile.ID != w.UserID(t, "alice") {
		t.Errorf("profile.json: %s (%v)", entries["profile.json"], err)
	}
	for file, want := range mine.rows {
		raw, ok := entries[file]
		if !ok {
			t.Errorf("%s is missing", file)
			continue
		}
		var rows []map[string]any
		if err := json.Unmarshal(raw, &rows); err != nil {
			t.Errorf("%s is not a JSON list: %v", file, err)
			continue
		}
		field := keyField[file]
		if field == "" {
			field = "id"
		}
		var got []int64
		for _, r := range rows {
			if n, ok := r[field].(float64); ok {
				got = append(got, int64(n))
			}
		}
		for _, id := range want {
			if !slices.Contains(got, id) {
				t.Errorf("%s lacks alice's %s %d (has %v)", file, field, id, got)
			}
		}
		for _, id := range theirs.rows[file] {
			if slices.Contains(got, id) {
				t.Errorf("%s holds bob's %s %d", file, field, id)
			}
		}
	}
	for name, data := range mine.files {
		if !bytes.Equal(entries[name], data) {
			t.Errorf("%s: %q, want alice's file", name, entries[name])
		}
	}
	for name := range theirs.files {
		if _, ok := entries[name]; ok {
			t.Errorf("alice's export holds bob's file %s", name)
		}
	}
	for name, data := range entries {
		for _, secret := range []string{"password_hash", "answer1_hash", "token_hash", "device_hash", "Bob wrote", "Carol wrote", "bob@example.com"} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("%s contains %q", name, secret)
			}
		}
	}
	if !bytes.Contains(entries["README.txt"], []byte("enquiries.json")) {
		t.Errorf("README.txt does not name enquiries.json:\n%s", entries["README.txt"])
	}
	// Both sides of alice's own conversation are hers to take; carol shows by public name only.
	if e := entries["enquiries.json"]; !bytes.Contains(e, []byte("Yes, from the first.")) || !bytes.Contains(e, []byte(`"author": "them"`)) ||
		!bytes.Contains(e, []byte(`"other_member": "Carol T."`)) || bytes.Contains(e, []byte("carol@example.com")) {
		t.Errorf("enquiries.json: %s", e)
	}
	// A saved search: its name, place, filters and alerts.
	if e := entries["saved_searches.json"]; !bytes.Contains(e, []byte(`"name": "Camden for alice"`)) || !bytes.Contains(e, []byte(`"kind": "locality"`)) ||
		!bytes.Contains(e, []byte(`"max_rent": 2000`)) || !bytes.Contains(e, []byte(`"alerts": true`)) || !bytes.Contains(e, []byte(`"created_at"`)) ||
		!bytes.Contains(e, []byte(`"west": -0.2`)) || !bytes.Contains(e, []byte(`"north": 51.6`)) {
		t.Errorf("saved_searches.json: %s", e)
	}
	if kinds := testworld.Kinds(w.Notifications(t, "alice")); !slices.Contains(kinds, "data_export_ready") {
		t.Errorf("alice's notifications: %v, want data_export_ready", kinds)
	}
}

// At most one export a day, reserved atomically: of parallel requests exactly one is recorded,
// the others are told when the next is possible (and REST answers 429 with Retry-After); a
// failed export does not count.
func TestOneExportADayUnderParallelRequests(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	alice := w.Member(t, "alice", "tenant")
	const parallel = 8
	var wg sync.WaitGroup
	errs := make([]error, parallel)
	start := make(chan struct{})
	for i := range parallel {
		wg.Go(func() {
			<-start
			errs[i] = w.ask(alice)
		})
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case connect.CodeOf(err) != connect.CodeResourceExhausted ||
			!strings.HasPrefix(testworld.Failure(err), "resource_exhausted: You can ask for one copy of your data a day. You can ask for the next one after "):
			t.Errorf("refusal: %s", testworld.Failure(err))
		}
	}
	if ok != 1 {
		t.Fatalf("%d of %d parallel requests were recorded, want exactly 1", ok, parallel)
	}
	if n := w.ID(t, `SELECT count(*)::int FROM data_exports`); n != 1 {
		t.Fatalf("%d exports stored, want 1", n)
	}
	// Told by security email, once: a stolen session could ask too.
	if n := w.ID(t, `SELECT count(*)::int FROM outbox_emails WHERE kind = 'data_export_requested' AND category = 'security' AND to_address = 'alice@example.com'`); n != 1 {
		t.Errorf("%d emails about the request, want 1", n)
	}
	if list := w.list(t, alice); list.NextRequestAt == nil || len(list.Exports) != 1 || list.Exports[0].Status != "building" {
		t.Errorf("list: %v, want one building and the next request's time", list)
	}
	status, header, body := testworld.Send(t, http.MethodPost, w.URL+"/api/user/export", alice, "application/json", strings.NewReader("{}"))
	if status != http.StatusTooManyRequests || header.Get("Retry-After") == "" || !strings.Contains(body, "one copy of your data a day") {
		t.Errorf("REST: %d %q %s, want 429 with Retry-After and the message", status, header.Get("Retry-After"), body)
	}
	w.Exec(t, `UPDATE data_exports SET status = 'failed'`)
	if err := w.ask(alice); err != nil {
		t.Errorf("after a failed export: %s, want a new one", testworld.Failure(err))
	}
	if err := w.ask(""); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("signed out: %s", testworld.Failure(err))
	}
}

// Only its member downloads an export, only while it is ready; housekeeping deletes it after.
func TestDownloadIsTheMembersAloneForSevenDays(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	alice, bob := w.Member(t, "alice", "tenant"), w.Member(t, "bob", "tenant")
	if err := w.ask(alice); err != nil {
		t.Fatal(err)
	}
	var secret string
	if err := w.Pool.QueryRow(context.Background(), `SELECT token FROM data_exports`).Scan(&secret); err != nil {
		t.Fatal(err)
	}
	url := w.URL + "/api/user/exports/" + secret + "/download"
	if status, _, body := download(t, url, alice); status != http.StatusConflict || !strings.Contains(string(body), "still being prepared") {
		t.Errorf("while building: %d %s", status, body)
	}
	w.build(t)
	for _, c := range []struct {
		name, token, url string
		status           int
		message          string
	}{
		{"a visitor", "", url, http.StatusUnauthorized, "Please sign in to download your data."},
		{"another member", bob, url, http.StatusForbidden, "Only the member who asked for this export can download it."},
		{"an unknown export", alice, w.URL + "/api/user/exports/" + strings.Repeat("0", 32) + "/download", http.StatusNotFound, "This export does not exist."},
		{"its member", alice, url, http.StatusOK, "PK"},
	} {
		if status, _, body := download(t, c.url, c.token); status != c.status || !bytes.Contains(body, []byte(c.message)) {
			t.Errorf("%s: %d %.200s, want %d %q", c.name, status, body, c.status, c.message)
		}
	}
	if n, err := w.Exports.RemoveExpired(context.Background()); err != nil || n != 0 {
		t.Fatalf("housekeeping before expiry removed %d (%v)", n, err)
	}
	w.Exec(t, `UPDATE data_exports SET expires_at = now() - interval '1 second'`)
	if status, _, body := download(t, url, alice); status != http.StatusNotFound || !strings.Contains(string(body), "This export expired on") {
		t.Errorf("expired: %d %s", status, body)
	}
	if list := w.list(t, alice); len(list.Exports) != 1 || list.Exports[0].Status != "expired" || list.Exports[0].DownloadUrl != "" {
		t.Errorf("expired list: %v", list.Exports)
	}
	if n, err := w.Exports.RemoveExpired(context.Background()); err != nil || n != 1 {
		t.Fatalf("housekeeping removed %d (%v), want 1", n, err)
	}
	if _, _, err := w.files.Read(context.Background(), "exports/"+secret+".zip"); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("the file after housekeeping: %v, want gone", err)
	}
	if status, _, body := download(t, url, alice); status != http.StatusNotFound || !strings.Contains(string(body), "expired") {
		t.Errorf("deleted: %d %s", status, body)
	}
}
