package account_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload"
)

// closureWorld is a server with a landlord's two Leeds listings (one in Headingley), a tenant
// who reviewed the first and saved both, and an administrator; every account knows its password
// (testworld.Password).
type closureWorld struct {
	*testworld.World
	landlord, tenant, admin string // session tokens
	first, second           int32  // the landlord's listings
	review                  int32  // the tenant's review of first
}

func newClosureWorld(t *testing.T) *closureWorld {
	t.Helper()
	w := &closureWorld{World: testworld.Start(t, testserver.Options{})}
	w.landlord = w.Member(t, "lena_lord", "landlord")
	w.tenant = w.Member(t, "tomas_tenant", "tenant")
	w.admin = w.Member(t, "ada_admin", "admin")
	hash, err := account.HashSecret(testworld.Password)
	if err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `UPDATE users SET password_hash = $1`, hash)
	w.first = w.Property(t, "lena_lord", "Hidden Loft Alpha")
	w.second = w.Property(t, "lena_lord", "Hidden Loft Beta")
	w.Exec(t, `UPDATE properties SET locality = 'Headingley' WHERE id = $1`, w.first)
	w.review = w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type, counted)
		SELECT $1, id, 2, 'Damp in winter', 'The walls were damp every winter we lived there.', 'general', true
		FROM users WHERE username = 'tomas_tenant' RETURNING id`, w.first)
	w.Exec(t, `INSERT INTO saved_properties (user_id, property_id)
		SELECT u.id, p.id FROM users u, properties p WHERE u.username = 'tomas_tenant' AND p.landlord_id <> u.id`)
	// XP on the leaderboard, under the full name.
	w.Exec(t, `WITH u AS (UPDATE users SET leaderboard_full_name = true WHERE username = 'tomas_tenant' RETURNING id),
		a AS (INSERT INTO user_activities (user_id, activity_type, points, entity_type, entity_id, metadata)
			SELECT id, 'review_posted', 50, 'review', $1, '{"rule": "review_posted"}' FROM u)
		INSERT INTO user_xp (user_id, xp, xp_reached_at) SELECT id, 50, now() FROM u`, w.review)
	return w
}

// get is a GET of path as token ("" signed out), failing the test unless it answers want.
func (w *closureWorld) get(t *testing.T, token, path string, want int) string {
	t.Helper()
	status, _, body := testworld.Send(t, http.MethodGet, w.URL+path, token, "", nil)
	if status != want {
		t.Fatalf("GET %s: %d, want %d: %.500s", path, status, want, body)
	}
	return body
}

// send is a JSON request of path as token; it returns the status and body.
func (w *closureWorld) send(t *testing.T, method, path, token string, body any) (int, string) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	status, _, out := testworld.Send(t, method, w.URL+path, token, "application/json", strings.NewReader(string(b)))
	return status, out
}

// counts reads the stored figures the public pages show: the city's and the neighbourhood's
// listing counts (absent rows read 0) and the statistics' total, recomputed now.
func (w *closureWorld) counts(t *testing.T) (city, locality, total int32) {
	t.Helper()
	city = w.ID(t, `SELECT coalesce((SELECT property_count FROM cities WHERE key = 'leeds'), 0)`)
	locality = w.ID(t, `SELECT coalesce((SELECT property_count FROM localities WHERE key = 'headingley'), 0)`)
	w.Exec(t, `UPDATE statistics_cache SET computed_at = 'epoch'`)
	var stats struct {
		TotalProperties int32 `json:"totalProperties"`
	}
	if err := json.Unmarshal([]byte(w.get(t, "", "/api/statistics", http.StatusOK)), &stats); err != nil {
		t.Fatal(err)
	}
	return city, locality, stats.TotalProperties
}

// publicPages are the public answers a listing or a member's name could appear in.
func (w *closureWorld) publicPages(t *testing.T, asMember string) map[string]string {
	t.Helper()
	pages := map[string]string{}
	for _, p := range []string{
		"/api/properties?city=Leeds", "/api/properties?city=Headingley", "/api/properties?query=loft",
		fmt.Sprintf("/api/properties/%d/reviews", w.first), "/api/properties/batch?ids=" + fmt.Sprint(w.first, ",", w.second),
		"/sitemap-properties-1.xml",
	} {
		status, _, body := testworld.Send(t, http.MethodGet, w.URL+p, "", "", nil)
		pages[p] = fmt.Sprint(status, " ", body)
	}
	pages["saved"] = w.get(t, asMember, "/api/user/saved", http.StatusOK)
	pages["leaderboard"] = w.get(t, asMember, "/api/gamification/leaderboard", http.StatusOK)
	return pages
}

// TestSuspensionHidesListingsEverywhereAndReinstatementShowsThem: a suspended landlord's listings
// leave every public read (property page, search by city, neighbourhood and text, batch, saved
// list, sitemap, their images by address) and the stored counts (city, neighbourhood, statistics); reinstated, they are back
// with the counts as before. The review stays.
func TestSuspensionHidesListingsEverywhereAndReinstatementShowsThem(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	city0, locality0, total0 := w.counts(t)
	if city0 != 2 || locality0 != 1 {
		t.Fatalf("before: Leeds %d, Headingley %d listings", city0, locality0)
	}
	landlordID := w.UserID(t, "lena_lord")
	// The first listing's image, in the store and served to anyone.
	files, err := blobstore.Open(context.Background(), w.BlobURL)
	if err != nil {
		t.Fatal(err)
	}
	const image = "properties/00112233445566778899aabbccddeeff.jpg"
	if err := files.Write(context.Background(), image, []byte("\xff\xd8\xff jpeg"), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `INSERT INTO uploads (key, owner_id, bytes, attached_at, property_id) VALUES ($1, $2, 9, now(), $3)`, image, landlordID, w.first)
	w.get(t, "", "/uploads/"+image, http.StatusOK)

	status, body := w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", landlordID), w.admin,
		map[string]string{"reason": "Listings copied from another site."})
	if status != http.StatusOK || !strings.Contains(body, `"suspendedAt"`) {
		t.Fatalf("suspend: %d %s", status, body)
	}

	w.get(t, "", fmt.Sprintf("/api/properties/%d", w.first), http.StatusNotFound)
	w.get(t, "", fmt.Sprintf("/api/properties/%d", w.second), http.StatusNotFound)
	for page, body := range w.publicPages(t, w.tenant) {
		if strings.Contains(body, "Hidden Loft") || strings.Contains(body, fmt.Sprintf("/properties/%d", w.first)) {
			t.Errorf("%s still shows a hidden listing: %.600s", page, body)
		}
	}
	if city, locality, total := w.counts(t); city != 0 || locality != 0 || total != total0-2 {
		t.Errorf("hidden: Leeds %d, Headingley %d, statistics %d listings; want 0, 0, %d", city, locality, total, total0-2)
	}
	if n := w.ID(t, `SELECT count(*) FROM reviews WHERE id = $1 AND status = 'published'`, w.review); n != 1 {
		t.Error("the suspended landlord's listing's review is no longer published")
	}
	// The hidden listing's image too, by its address: visitors and members no longer get it; administrators do.
	w.get(t, "", "/uploads/"+image, http.StatusNotFound)
	w.get(t, w.tenant, "/uploads/"+image, http.StatusNotFound)
	w.get(t, w.admin, "/uploads/"+image, http.StatusOK)

	status, body = w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/reinstate", landlordID), w.admin,
		map[string]string{"reason": "The owner proved the listings are theirs."})
	if status != http.StatusOK {
		t.Fatalf("reinstate: %d %s", status, body)
	}
	if body := w.get(t, "", "/api/properties?city=Leeds", http.StatusOK); !strings.Contains(body, "Hidden Loft Alpha") || !strings.Contains(body, "Hidden Loft Beta") {
		t.Errorf("reinstated listings are not found again: %.600s", body)
	}
	if body := w.get(t, w.tenant, "/api/user/saved", http.StatusOK); !strings.Contains(body, "Hidden Loft Alpha") {
		t.Errorf("the saved list lost the reinstated listing: %.600s", body)
	}
	if city, locality, total := w.counts(t); city != city0 || locality != locality0 || total != total0 {
		t.Errorf("reinstated: Leeds %d, Headingley %d, statistics %d; want %d, %d, %d", city, locality, total, city0, locality0, total0)
	}
	w.get(t, "", "/uploads/"+image, http.StatusOK)
}

// TestSuspendedAccountCannotSignInAndIsTold: a suspension ends the member's sessions at once, the
// right password is refused with the reason, a wrong one gives nothing away, each decision is kept
// and emailed; reinstated, the member signs in again.
func TestSuspendedAccountCannotSignInAndIsTold(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	tenantID := w.UserID(t, "tomas_tenant")
	status, body := w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", tenantID), w.landlord,
		map[string]string{"reason": "No."})
	if status != http.StatusForbidden {
		t.Fatalf("a landlord suspended someone: %d %s", status, body)
	}
	status, body = w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", tenantID), w.admin, map[string]string{"reason": " "})
	if status != http.StatusBadRequest || !strings.Contains(body, "Please give a reason") {
		t.Fatalf("suspended without a reason: %d %s", status, body)
	}
	status, body = w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", w.UserID(t, "ada_admin")), w.admin, map[string]string{"reason": "Me"})
	if status != http.StatusConflict {
		t.Fatalf("an administrator suspended themselves: %d %s", status, body)
	}
	w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", tenantID), w.admin, map[string]string{"reason": "Fake reviews."})

	w.get(t, w.tenant, "/api/user", http.StatusUnauthorized)
	status, body = w.send(t, http.MethodPost, "/api/login", "", map[string]string{"username": "tomas_tenant", "password": testworld.Password})
	if status != http.StatusForbidden || !strings.Contains(body, "suspended") || !strings.Contains(body, "Fake reviews.") {
		t.Fatalf("suspended sign-in: %d %s", status, body)
	}
	status, body = w.send(t, http.MethodPost, "/api/login", "", map[string]string{"username": "tomas_tenant", "password": "wrong-password"})
	if status != http.StatusUnauthorized || strings.Contains(body, "suspended") {
		t.Fatalf("a wrong password learned of the suspension: %d %s", status, body)
	}
	// No way around Login: the database refuses the account a session.
	if _, err := w.Pool.Exec(context.Background(), `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, 'x', now() + interval '1 day')`, tenantID); err == nil {
		t.Error("a suspended account got a session")
	}
	if n := w.ID(t, `SELECT count(*) FROM reviews WHERE id = $1 AND status = 'published'`, w.review); n != 1 {
		t.Error("the suspended member's review is gone")
	}

	w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/reinstate", tenantID), w.admin, map[string]string{"reason": "Reviews checked."})
	status, body = w.send(t, http.MethodPost, "/api/login", "", map[string]string{"username": "tomas_tenant", "password": testworld.Password})
	if status != http.StatusOK {
		t.Fatalf("reinstated sign-in: %d %s", status, body)
	}
	if got := w.ID(t, `SELECT count(*) FROM admin_decisions WHERE user_id = $1 AND decision IN ('suspend', 'reinstate') AND message IS NOT NULL`, tenantID); got != 2 {
		t.Errorf("%d decisions kept, want 2", got)
	}
	if got := testworld.EmailKinds(w.Emails(t, "tomas_tenant@example.com")); !strings.Contains(strings.Join(got, " "), "account_suspended account_reinstated") {
		t.Errorf("emails: %v", got)
	}
}

// TestDeletedAccountLeavesATombstone: deleting an account needs the typed username and the
// password; then the session is gone, the name appears nowhere public (its review shows no
// author, the leaderboard and the name lookup neither), the listings and documents are gone, the
// username is refused for 90 days, the account cannot sign in, and the ledger and XP invariants
// hold over the whole database.
func TestDeletedAccountLeavesATombstone(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	tenantID := w.UserID(t, "tomas_tenant")
	landlordID := w.UserID(t, "lena_lord")
	ctx := context.Background()

	// A private document of the tenant's, its file in the store.
	files, err := blobstore.Open(ctx, w.BlobURL)
	if err != nil {
		t.Fatal(err)
	}
	const key = "documents/0123456789abcdef0123456789abcdef.pdf"
	if err := files.Write(ctx, key, []byte("%PDF-1.4 lease"), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	tenancy := w.ID(t, `INSERT INTO tenant_verifications (tenant_id, property_id, from_month, stage, changed_by, change_note)
		VALUES ($1, $2, '2024-01-01', 'documents', $1, 'Claimed') RETURNING id`, tenantID, w.first)
	w.Exec(t, `INSERT INTO tenancy_documents (token, key, tenant_id, tenancy_id, kind, file_name, content_type, bytes, sha256)
		VALUES ('0123456789abcdef0123456789abcdef', $1, $2, $3, 'lease', 'lease.pdf', 'application/pdf', 14, sha256('x'))`, key, tenantID, tenancy)
	// A photo of their review, with its versions.
	const photo = "reviews/00112233445566778899aabbccddeeff.jpg"
	for _, file := range upload.FileKeys(photo) {
		if err := files.Write(ctx, file, []byte("\xff\xd8\xff photo"), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
	}
	w.Exec(t, `INSERT INTO uploads (key, owner_id, bytes, width, height, attached_at, review_id)
		VALUES ($1, $2, 11, 1200, 800, now(), $3)`, photo, tenantID, w.review)
	w.Exec(t, `INSERT INTO passkeys (user_id, credential_id, public_key, flags, user_handle, name)
		VALUES ($1, '\x01', '\x02', 5, '\x03', 'Laptop')`, tenantID)
	// A copy of their data, ready, its zip in the store; a message sent signed in through /contact.
	const exportToken = "fedcba9876543210fedcba9876543210"
	if err := files.Write(ctx, dataexport.FileKey(exportToken), []byte("PK\x05\x06"), "application/zip"); err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `INSERT INTO data_exports (user_id, token, status, ready_at, expires_at, bytes)
		VALUES ($1, $2, 'ready', now(), now() + interval '7 days', 4)`, tenantID, exportToken)
	w.Exec(t, `INSERT INTO contact_messages (name, email, subject, message, user_id)
		VALUES ('Tomas Tenant', 'tomas_tenant@example.com', 'support', 'My deposit was never returned.', $1)`, tenantID)
	// An email they were sent, which names them.
	w.Exec(t, `INSERT INTO outbox_emails (user_id, to_address, category, kind, subject, text_body, html_body, status, sent_at)
		VALUES ($1, 'tomas_tenant@example.com', 'review_responses', 'review_response', 'Tomas, your review was answered', 'Hello Tomas', '<p>Hello Tomas</p>', 'sent', now())`, tenantID)

	// Two saved searches with their count, a day's email claim and a listing they were told about;
	// and the landlord's own saved search, which stays.
	w.Exec(t, `WITH s AS (INSERT INTO saved_searches (user_id, name, city_key, place_name, search_city)
			SELECT $1, n, 'leeds', 'Leeds', 'Leeds' FROM unnest(ARRAY['Leeds flats', 'Leeds houses']) n RETURNING id),
		c AS (INSERT INTO saved_search_counts (user_id, saved) VALUES ($1, 2)),
		e AS (INSERT INTO saved_search_emails (saved_search_id, emailed_on) SELECT id, current_date FROM s),
		d AS (INSERT INTO saved_search_digests (saved_search_id, property_id, due_on) SELECT id, $2, current_date + 1 FROM s)
		INSERT INTO saved_search_matches (saved_search_id, property_id) SELECT id, $2 FROM s`, tenantID, w.first)
	w.Exec(t, `WITH s AS (INSERT INTO saved_searches (user_id, name, city_key, place_name) VALUES ($1, 'Mine', 'leeds', 'Leeds') RETURNING id)
		INSERT INTO saved_search_counts (user_id, saved) VALUES ($1, 1)`, landlordID)

	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"username": "someone_else", "password": testworld.Password}, "Type your username exactly"},
		{map[string]any{"username": "tomas_tenant", "password": "wrong-password"}, "Your password is incorrect"},
		{map[string]any{"username": "tomas_tenant"}, "Please enter your current password"},
	} {
		status, body := w.send(t, http.MethodDelete, "/api/user/account", w.tenant, c.body)
		if status != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%v: %d %s, want %q", c.body, status, body, c.want)
		}
	}
	// Someone takes what a closed account's address used to be, hoping to block the deletion.
	if status, body := w.send(t, http.MethodPost, "/api/register", "", map[string]string{
		"username": "squatter", "email": fmt.Sprintf("closed-%d@closed.invalid", tenantID), "password": testworld.Password,
		"firstName": "Sq", "lastName": "Uatter", "role": "tenant",
	}); status != http.StatusOK {
		t.Fatalf("register the squatter: %d %s", status, body)
	}
	status, body := w.send(t, http.MethodDelete, "/api/user/account", w.tenant,
		map[string]any{"username": "Tomas_Tenant", "password": testworld.Password})
	if status != http.StatusOK {
		t.Fatalf("delete: %d %s", status, body)
	}

	w.get(t, w.tenant, "/api/user", http.StatusUnauthorized)
	status, body = w.send(t, http.MethodPost, "/api/login", "", map[string]string{"username": "tomas_tenant", "password": testworld.Password})
	if status != http.StatusUnauthorized {
		t.Errorf("a deleted account signed in: %d %s", status, body)
	}
	status, body = w.send(t, http.MethodPost, "/api/register", "", map[string]string{
		"username": "TOMAS_tenant", "email": "new@example.com", "password": testworld.Password, "firstName": "New", "lastName": "Person", "role": "tenant",
	})
	if status != http.StatusBadRequest || !strings.Contains(body, "cannot be used again until") {
		t.Errorf("the username was taken again at once: %d %s", status, body)
	}
	w.Exec(t, `UPDATE retired_usernames SET retired_at = now() - interval '91 days'`)
	if status, body = w.send(t, http.MethodPost, "/api/register", "", map[string]string{
		"username": "tomas_tenant", "email": "new@example.com", "password": testworld.Password, "firstName": "New", "lastName": "Person", "role": "tenant",
	}); status != http.StatusOK {
		t.Errorf("the username after 90 days: %d %s", status, body)
	}

	// Nowhere public: the review stays, without its author's name; the leaderboard and the name lookup.
	pages := w.publicPages(t, w.landlord)
	pages["property"] = w.get(t, "", fmt.Sprintf("/api/properties/%d", w.first), http.StatusOK)
	pages["name"] = w.get(t, "", fmt.Sprintf("/api/users/%d", tenantID), http.StatusOK)
	pages["page"] = w.get(t, "", fmt.Sprintf("/properties/%d", w.first), http.StatusOK)
	if !strings.Contains(pages[fmt.Sprintf("/api/properties/%d/reviews", w.first)], "Damp in winter") {
		t.Error("the review left with its author")
	}
	for page, body := range pages {
		if strings.Contains(body, "Tomas") || strings.Contains(body, "tomas_tenant") {
			t.Errorf("%s still names the deleted member: %.800s", page, body)
		}
	}
	// Nor as a nameless row: the leaderboard leaves the account out, while its XP stays the sum of its rows.
	var board []struct{ ID int32 }
	if err := json.Unmarshal([]byte(pages["leaderboard"]), &board); err != nil {
		t.Fatalf("leaderboard: %v: %s", err, pages["leaderboard"])
	}
	for _, e := range board {
		if e.ID == tenantID {
			t.Errorf("the leaderboard still ranks the deleted account: %s", pages["leaderboard"])
		}
	}
	var xp int
	if err := w.Pool.QueryRow(ctx, `SELECT xp FROM user_xp WHERE user_id = $1`, tenantID).Scan(&xp); err != nil || xp != 50 {
		t.Errorf("the deleted account's XP: %d, %v; want 50, the sum of its rows", xp, err)
	}
	var u struct {
		Email, First, Hash string
		Closed             bool
	}
	if err := w.Pool.QueryRow(ctx, `SELECT email, first_name || last_name || coalesce(bio, '') || coalesce(security_answer1_hash, ''), password_hash, closed_at IS NOT NULL
		FROM users WHERE id = $1`, tenantID).Scan(&u.Email, &u.First, &u.Hash, &u.Closed); err != nil {
		t.Fatal(err)
	}
	if !u.Closed || u.First != "" || u.Email != fmt.Sprintf("closed:%d", tenantID) || account.VerifySecret(u.Hash, testworld.Password) {
		t.Errorf("the tombstone keeps personal data: %+v", u)
	}
	if got := testworld.EmailKinds(w.Emails(t, "tomas_tenant@example.com")); !strings.Contains(strings.Join(got, " "), "account_closed") {
		t.Errorf("no confirmation to the old address: %v", got)
	}
	if _, _, err := files.Read(ctx, key); err == nil {
		t.Error("the private document's file is still stored")
	}
	if n := w.ID(t, `SELECT (SELECT count(*) FROM passkeys WHERE user_id = $1) + (SELECT count(*) FROM passkey_requirements WHERE user_id = $1)`, tenantID); n != 0 {
		t.Errorf("%d passkeys and requirements left after deletion, want none", n)
	}
	if n := w.ID(t, `SELECT count(*) FROM tenancy_documents WHERE tenant_id = $1 AND deleted_at IS NULL`, tenantID); n != 0 {
		t.Errorf("%d documents not deleted", n)
	}
	if _, _, err := files.Read(ctx, dataexport.FileKey(exportToken)); err == nil {
		t.Error("the copy of their data is still stored")
	}
	if n := w.ID(t, `SELECT count(*) FROM outbox_emails WHERE user_id = $1 AND kind <> 'account_closed'`, tenantID); n != 0 {
		t.Errorf("%d emails to the deleted member kept, want only the confirmation", n)
	}
	if n := w.ID(t, `SELECT count(*) FROM data_exports WHERE user_id = $1`, tenantID); n != 0 {
		t.Errorf("%d data exports left after deletion, want none", n)
	}
	if n := w.ID(t, `SELECT (SELECT count(*) FROM saved_searches WHERE user_id = $1) + (SELECT count(*) FROM saved_search_counts WHERE user_id = $1)
		+ (SELECT count(*) FROM saved_search_emails) + (SELECT count(*) FROM saved_search_matches) + (SELECT count(*) FROM saved_search_digests)`, tenantID); n != 0 {
		t.Errorf("%d saved searches, counts, email claims, matches and owed digests left after deletion, want none", n)
	}
	if n := w.ID(t, `SELECT (SELECT count(*) FROM saved_searches WHERE user_id = $1) + (SELECT saved FROM saved_search_counts WHERE user_id = $1)`, landlordID); n != 2 {
		t.Errorf("another member's saved search and count: %d, want 1 + 1", n)
	}
	var sender string
	if err := w.Pool.QueryRow(ctx, `SELECT name || ' ' || email FROM contact_messages WHERE user_id = $1`, tenantID).Scan(&sender); err != nil ||
		strings.Contains(sender, "Tomas") || strings.Contains(sender, "tomas") {
		t.Errorf("the contact message keeps its sender: %q, %v", sender, err)
	}

	// The review stays, and so does its photo.
	photoStored := func() (stored, rows int) {
		for _, file := range upload.FileKeys(photo) {
			if _, _, err := files.Read(ctx, file); err == nil {
				stored++
			}
		}
		return stored, int(w.ID(t, `SELECT count(*) FROM uploads WHERE key = $1`, photo))
	}
	if stored, rows := photoStored(); stored != len(upload.FileKeys(photo)) || rows != 1 {
		t.Errorf("the kept review's photo: %d files and %d rows stored, want all and its row", stored, rows)
	}

	// The landlord deletes too, with their reviews: listings hidden as closed, aggregates right.
	w.Exec(t, `UPDATE reviews SET user_id = $1 WHERE id = $2`, landlordID, w.review) // the landlord's review now
	if n := w.ID(t, `SELECT review_count FROM properties WHERE id = $1`, w.first); n != 1 {
		t.Fatalf("the review counts %d times before", n)
	}
	status, body = w.send(t, http.MethodDelete, "/api/user/account", w.landlord,
		map[string]any{"username": "lena_lord", "password": testworld.Password, "deleteReviews": true})
	if status != http.StatusOK {
		t.Fatalf("delete with reviews: %d %s", status, body)
	}
	if n := w.ID(t, `SELECT count(*) FROM properties WHERE landlord_id = $1 AND NOT active AND hidden_reason = 'owner_closed'`, landlordID); n != 2 {
		t.Errorf("%d listings hidden as owner_closed, want 2", n)
	}
	if n := w.ID(t, `SELECT count(*) FROM properties p WHERE p.review_count <> (SELECT count(*) FROM reviews r
		WHERE r.property_id = p.id AND r.status = 'published' AND r.counted AND review_rates_property(r.review_type))`); n != 0 {
		t.Errorf("%d properties' aggregates are not their published reviews", n)
	}
	if n := w.ID(t, `SELECT review_count FROM properties WHERE id = $1`, w.first); n != 0 {
		t.Errorf("the deleted review still counts: %d", n)
	}
	if stored, rows := photoStored(); stored != 0 || rows != 0 {
		t.Errorf("the deleted review's photo: %d files and %d rows left, want none", stored, rows)
	}

	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("ledger invariant: %v", bad)
	}
	if n := w.ID(t, `SELECT count(*) FROM users u LEFT JOIN user_xp x ON x.user_id = u.id
		WHERE coalesce(x.xp, 0) <> coalesce((SELECT sum(points) FROM user_activities a WHERE a.user_id = u.id), 0)`); n != 0 {
		t.Errorf("XP invariant: %d users' XP is not their activities' sum", n)
	}
	if _, err := w.Pool.Exec(ctx, `DELETE FROM users WHERE id = $1`, tenantID); err == nil {
		t.Error("an account row was deleted")
	}
}

// TestLastAdministratorCannotDeleteTheirAccount: the last administrator who can act is refused;
// with a second one, one of two deleting at once succeeds and the other is refused.
func TestLastAdministratorCannotDeleteTheirAccount(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	ask := map[string]any{"username": "ada_admin", "password": testworld.Password}
	status, body := w.send(t, http.MethodDelete, "/api/user/account", w.admin, ask)
	if status != http.StatusConflict || !strings.Contains(body, "last administrator") {
		t.Fatalf("the last administrator: %d %s", status, body)
	}
	second := w.Member(t, "bea_admin", "admin")
	hash, _ := account.HashSecret(testworld.Password)
	w.Exec(t, `UPDATE users SET password_hash = $1 WHERE username = 'bea_admin'`, hash)
	results := make(chan int, 2)
	for _, c := range []struct {
		token, name string
	}{{w.admin, "ada_admin"}, {second, "bea_admin"}} {
		go func() {
			status, _, _ := testworld.Send(t, http.MethodDelete, w.URL+"/api/user/account", c.token, "application/json",
				strings.NewReader(fmt.Sprintf(`{"username": %q, "password": %q}`, c.name, testworld.Password)))
			results <- status
		}()
	}
	a, b := <-results, <-results
	if a+b != http.StatusOK+http.StatusConflict {
		t.Errorf("two administrators deleting at once: %d and %d", a, b)
	}
	if n := w.ID(t, `SELECT count(*) FROM users WHERE role = 'admin' AND closed_at IS NULL`); n != 1 {
		t.Errorf("%d administrators left", n)
	}
}

// TestSuspendedLandlordNeverBlocksATenancyClaim: a claim waiting for a landlord who is then
// suspended goes to the documents path, and a claim filed on the suspended landlord's (hidden,
// verified) listing goes there at once.
func TestSuspendedLandlordNeverBlocksATenancyClaim(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	w.Exec(t, `UPDATE properties SET verified = true, verification_proof = 'documents' WHERE landlord_id = $1`, w.UserID(t, "lena_lord"))
	status, body := w.send(t, http.MethodPost, "/api/tenancies", w.tenant, map[string]any{"propertyId": w.first, "fromMonth": "2023-01", "toMonth": "2023-12"})
	if status != http.StatusOK || !strings.Contains(body, `"stage":"landlord"`) {
		t.Fatalf("claim on a verified listing: %d %s", status, body)
	}
	w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", w.UserID(t, "lena_lord")), w.admin, map[string]string{"reason": "Unpaid fees."})
	if n := w.ID(t, `SELECT count(*) FROM tenant_verifications WHERE property_id = $1 AND stage = 'documents'`, w.first); n != 1 {
		t.Errorf("the waiting claim did not go to the documents path (%d)", n)
	}
	other := w.Member(t, "olga_other", "tenant")
	status, body = w.send(t, http.MethodPost, "/api/tenancies", other, map[string]any{"propertyId": w.second, "fromMonth": "2022-01", "toMonth": "2022-06"})
	if status != http.StatusOK || !strings.Contains(body, `"stage":"documents"`) {
		t.Errorf("claim on the suspended landlord's listing: %d %s", status, body)
	}
}

// TestAdministratorsSuspendingEachOtherLeaveOne: two administrators suspend each other at the same
// moment, many times over: one suspension wins, the other is refused, and one administrator can
// always still act.
func TestAdministratorsSuspendingEachOtherLeaveOne(t *testing.T) {
	t.Parallel()
	w := newClosureWorld(t)
	for round := range 5 {
		w.Exec(t, `UPDATE users SET suspended_at = NULL, suspension_reason = NULL WHERE role = 'admin'`)
		bea := w.Member(t, fmt.Sprintf("bea_admin%d", round), "admin")
		ada := w.Member(t, fmt.Sprintf("ada_again%d", round), "admin")
		w.Exec(t, `UPDATE users SET suspended_at = now(), suspension_reason = 'Old round' WHERE role = 'admin' AND username NOT IN ($1, $2)`,
			fmt.Sprintf("bea_admin%d", round), fmt.Sprintf("ada_again%d", round))
		ids := []int32{w.UserID(t, fmt.Sprintf("bea_admin%d", round)), w.UserID(t, fmt.Sprintf("ada_again%d", round))}
		tokens := []string{ada, bea} // each suspends the other
		// Both requests past their sign-in check, then waiting on the two rows this transaction
		// holds, then let go together: the widest race there is.
		hold, err := w.Pool.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := hold.Exec(context.Background(), `SELECT 1 FROM users WHERE id = ANY($1) FOR NO KEY UPDATE`, ids); err != nil {
			t.Fatal(err)
		}
		statuses := make([]int, 2)
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Go(func() {
				statuses[i], _ = w.send(t, http.MethodPost, fmt.Sprintf("/api/admin/users/%d/suspend", ids[i]), tokens[i],
					map[string]string{"reason": "A takeover attempt."})
			})
		}
		time.Sleep(300 * time.Millisecond)
		if err := hold.Commit(context.Background()); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		if n := w.ID(t, `SELECT count(*) FROM users WHERE role = 'admin' AND suspended_at IS NULL AND closed_at IS NULL`); n != 1 {
			t.Fatalf("round %d: %d administrators can act (statuses %v), want 1", round, n, statuses)
		}
		if statuses[0] == http.StatusOK && statuses[1] == http.StatusOK {
			t.Fatalf("round %d: both suspensions succeeded", round)
		}
	}
}
