package property_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// editWorld is a server where "lara" (a landlord) listed a loft in Portland with two uploads.
type editWorld struct {
	*testworld.World
	lara     *client
	id       int32
	path     string
	uploaded []string
}

func newEditWorld(t *testing.T) *editWorld {
	t.Helper()
	srv := testserver.Start(t, testserver.Options{})
	lara := signUp(t, srv, "lara", "landlord")
	_, up := lara.upload(part{"images", "a.png", testworld.SmallPNG(t)}, part{"images", "b.png", testworld.SmallPNG(t)})
	urls := files(up)
	status, p := lara.json(http.MethodPost, "/api/properties", listing(urls))
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, p)
	}
	id := int32(p["id"].(float64))
	return &editWorld{World: &testworld.World{Server: srv}, lara: lara, id: id, path: fmt.Sprintf("/api/properties/%d", id), uploaded: urls}
}

// verify gives the loft a verification in force, as the demo data has them.
func (w *editWorld) verify(t *testing.T) {
	t.Helper()
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof) VALUES ($1, 'demo')`, w.id)
}

// fieldError is whether a 400 answer names field with msg.
func fieldError(res map[string]any, field, msg string) bool {
	errs, _ := res["errors"].([]any)
	for _, e := range errs {
		m, _ := e.(map[string]any)
		if m["field"] == field && m["message"] == msg {
			return true
		}
	}
	return false
}

// Only the landlord edits a listing; everyone else is told why, and nothing changes.
func TestUpdatePropertyIsTheOwnersOnly(t *testing.T) {
	t.Parallel()
	w := newEditWorld(t)
	body := listing(w.uploaded)
	body["monthlyRent"] = 1

	other := signUp(t, w.Server, "omar", "landlord")
	admin := signUp(t, w.Server, "ada_admin", "admin")
	tenant := signUp(t, w.Server, "tom", "tenant")
	for name, c := range map[string]*client{"another landlord": other, "an administrator": admin, "a tenant": tenant} {
		t.Run(name, func(t *testing.T) {
			status, res := c.in(t).json(http.MethodPut, w.path, body)
			if status != http.StatusForbidden || res["message"] != "You can only edit your own listings" {
				t.Errorf("%d %v", status, res)
			}
		})
	}
	anonymous := &client{t: t, base: w.URL, http: http.DefaultClient}
	if status, res := anonymous.json(http.MethodPut, w.path, body); status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %v", status, res)
	}
	if status, res := w.lara.json(http.MethodPut, "/api/properties/999999", body); status != http.StatusNotFound || res["message"] != "Property Not Found" {
		t.Errorf("missing: %d %v", status, res)
	}
	w.Exec(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, active)
		SELECT 'Withdrawn', '1 Gone St', 'Leeds', 'house', 500, id, 'gone', false FROM users WHERE username = 'lara'`)
	var gone int32
	if err := w.Pool.QueryRow(context.Background(), `SELECT id FROM properties WHERE slug = 'gone'`).Scan(&gone); err != nil {
		t.Fatal(err)
	}
	if status, res := w.lara.json(http.MethodPut, fmt.Sprintf("/api/properties/%d", gone), body); status != http.StatusNotFound {
		t.Errorf("inactive: %d %v", status, res)
	}
	// Another landlord cannot claim the listing's images for theirs either.
	if status, res := other.json(http.MethodPost, "/api/properties", listing(w.uploaded)); status != http.StatusBadRequest {
		t.Errorf("reusing the images: %d %v", status, res)
	}
	if n := count(t, w.Server, `SELECT count(*) FROM properties WHERE monthly_rent = 1`); n != 0 {
		t.Errorf("a refused edit changed %d listings", n)
	}
}

// An edit is judged as creation is, with the same messages, images included.
func TestUpdatePropertyIsValidatedLikeCreate(t *testing.T) {
	t.Parallel()
	w := newEditWorld(t)
	other := signUp(t, w.Server, "omar", "landlord")
	_, up := other.upload(part{"images", "c.png", testworld.SmallPNG(t)})
	foreign := files(up)[0]
	u := w.uploaded
	for name, c := range map[string]struct {
		change map[string]any
		field  string
		msg    string
	}{
		"short title":    {map[string]any{"title": "Flat"}, "title", "Title must be at least 5 characters"},
		"zero rent":      {map[string]any{"monthlyRent": 0}, "monthlyRent", "Rent must be greater than 0"},
		"bad currency":   {map[string]any{"currency": "XYZ"}, "currency", "Please select a valid currency"},
		"no city":        {map[string]any{"city": " "}, "city", "City is required"},
		"no images":      {map[string]any{"images": []string{}}, "images", "Please upload at least one image of your property."},
		"six images":     {map[string]any{"images": []string{u[0], u[1], u[0], u[1], u[0], u[1]}}, "images", "You can only upload a maximum of 5 images."},
		"repeated image": {map[string]any{"images": []string{u[0], u[0]}}, "images", "Please add each image only once"},
		"not an upload":  {map[string]any{"images": []string{u[0], "https://evil.example/x.png"}}, "images", "Please upload the images again: one of them was not found"},
		"someone else's": {map[string]any{"images": []string{u[0], foreign}}, "images", "Please use images you uploaded yourself: one of them was uploaded from another account"},
	} {
		t.Run(name, func(t *testing.T) {
			body := listing(w.uploaded)
			maps.Copy(body, c.change)
			status, res := w.lara.in(t).json(http.MethodPut, w.path, body)
			if status != http.StatusBadRequest || !fieldError(res, c.field, c.msg) {
				t.Errorf("%d %v", status, res)
			}
		})
	}
	// Over Connect too, in the same words.
	client := propertyv1connect.NewPropertyServiceClient(w.lara.http, w.URL)
	_, err := client.UpdateProperty(context.Background(), connect.NewRequest(&propertyv1.UpdatePropertyRequest{
		Id: w.id, Listing: &propertyv1.CreatePropertyRequest{Title: "Flat"},
	}))
	if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), "Title must be at least 5 characters") {
		t.Errorf("connect: %v", err)
	}
}

// The owner changes fields and images (remove, reorder, add); the slug follows the title, the
// rating stays, updated_at moves; the answer carries the owner's saved flag; search finds the
// listing by its new city.
func TestUpdatePropertyChangesTheListing(t *testing.T) {
	t.Parallel()
	w := newEditWorld(t)
	w.Exec(t, `UPDATE properties SET rating4_count = 1, updated_at = now() - interval '1 day' WHERE id = $1`, w.id)
	w.Exec(t, `INSERT INTO saved_properties (user_id, property_id) SELECT landlord_id, id FROM properties WHERE id = $1`, w.id)
	_, up := w.lara.upload(part{"images", "c.png", testworld.SmallPNG(t)})
	added := files(up)[0]

	body := listing([]string{added, w.uploaded[1]}) // the first removed, the second moved after a new one
	body["title"] = "Sunny loft by the river"
	body["city"] = "Salem"
	body["monthlyRent"] = 2450
	body["amenities"] = []string{"Parking"}
	status, res := w.lara.json(http.MethodPut, w.path, body)
	if status != http.StatusOK {
		t.Fatalf("%d %v", status, res)
	}
	p, _ := res["property"].(map[string]any)
	if res["verificationRemoved"] == true || p["monthlyRent"] != 2450.0 || p["city"] != "Salem" ||
		p["slug"] != fmt.Sprintf("sunny-loft-by-the-river-%d", w.id) || fmt.Sprint(p["images"]) != fmt.Sprint([]string{added, w.uploaded[1]}) ||
		fmt.Sprint(p["keywords"]) != "[Parking]" || p["saved"] != true || p["rating"] != 4.0 || fmt.Sprint(p["ratingSummary"]) != "map[average:4 count:1 distribution:[0 0 0 1 0] recommendCount:1]" {
		t.Errorf("edited: %v", res)
	}
	if n := count(t, w.Server, `SELECT count(*) FROM properties WHERE id = $1 AND updated_at > now() - interval '1 minute' AND city_key = 'salem'`, w.id); n != 1 {
		t.Error("updated_at and the city key did not follow")
	}
	if n := count(t, w.Server, `SELECT count(*) FROM uploads WHERE property_id = $1`, w.id); n != 3 {
		t.Errorf("%d uploads attached to the listing, want 3 (the removed one stays attached, never reused)", n)
	}
	// The image claimed by the edit is used: another listing cannot take it.
	if status, res := w.lara.json(http.MethodPost, "/api/properties", listing([]string{added})); status != http.StatusBadRequest ||
		!fieldError(res, "images", "Please upload the images again: one of them is already used by another listing or review") {
		t.Errorf("reusing an edit's image: %d %v", status, res)
	}
	req, _ := http.NewRequest(http.MethodGet, w.URL+"/api/properties?city=salem", http.NoBody)
	if status, _ := w.lara.do(req); status != http.StatusOK {
		t.Errorf("search: %d", status)
	}
	if n := count(t, w.Server, `SELECT count(*) FROM cities WHERE key = 'salem' AND property_count = 1`); n != 1 {
		t.Errorf("the cities list does not have the new city")
	}
}

// Moving a verified property withdraws its verification through the audit trail; changing the
// rent, or the address only in case, spaces or postal-code form, keeps it.
func TestUpdatePropertyAddressChangeUnverifies(t *testing.T) {
	t.Parallel()
	w := newEditWorld(t)
	w.verify(t)
	put := func(t *testing.T, change map[string]any) map[string]any {
		t.Helper()
		body := listing(w.uploaded)
		maps.Copy(body, change)
		status, res := w.lara.json(http.MethodPut, w.path, body)
		if status != http.StatusOK {
			t.Fatalf("%d %v", status, res)
		}
		return res
	}
	for name, change := range map[string]map[string]any{
		"rent":              {"monthlyRent": 2300},
		"title and type":    {"title": "Renamed loft", "propertyType": "apartment"},
		"address in case":   {"address": "  12 ELM street ", "city": "PORTLAND"},
		"ZIP+4 of the same": {"zipCode": "97201-1234"},
	} {
		res := put(t, change)
		p, _ := res["property"].(map[string]any)
		if res["verificationRemoved"] == true || p["verified"] != true {
			t.Errorf("%s: %v", name, res)
		}
	}
	res := put(t, map[string]any{"address": "99 Oak Avenue"})
	p, _ := res["property"].(map[string]any)
	if res["verificationRemoved"] != true || p["verified"] != false || p["verificationProof"] != nil && p["verificationProof"] != "" {
		t.Errorf("moved: %v", res)
	}
	var reason string
	var by int32
	if err := w.Pool.QueryRow(context.Background(), `SELECT withdraw_reason, withdrawn_by FROM property_verifications
		WHERE property_id = $1 AND withdrawn_at IS NOT NULL`, w.id).Scan(&reason, &by); err != nil {
		t.Fatal(err)
	}
	if reason != property.AddressChangedReason || by != int32(count(t, w.Server, `SELECT id FROM users WHERE username = 'lara'`)) {
		t.Errorf("audit row: %q by %d", reason, by)
	}
	// Unverified now, another move withdraws nothing more.
	if res := put(t, map[string]any{"city": "Eugene"}); res["verificationRemoved"] == true {
		t.Errorf("moving an unverified listing: %v", res)
	}
	for name, sql := range map[string]string{
		"a city change":       `SELECT count(*) FROM properties WHERE id = $1 AND NOT verified AND verification_proof IS NULL`,
		"one withdrawn row":   `SELECT count(*) FROM property_verifications WHERE property_id = $1 AND withdrawn_at IS NOT NULL`,
		"none in force":       `SELECT 1 + count(*) FROM property_verifications WHERE property_id = $1 AND withdrawn_at IS NULL`,
		"the decision logged": `SELECT count(*) FROM admin_decisions WHERE property_id = $1 AND decision = 'withdraw'`,
	} {
		if n := count(t, w.Server, sql, w.id); n != 1 {
			t.Errorf("%s: %d", name, n)
		}
	}
}

// An owner's move and a verifier's approval of one property at the same moment, on many
// properties at once: whichever commits first, the property never ends verified at an address
// nobody checked. An edit that ran after the approval withdrew it; one that ran before closed the
// request, which was about the old address, so the approval waiting on the property's lock is
// refused and verifies nothing (issue 25: proof gathered for one address verified the new one).
func TestUpdatePropertyRacingAnApproval(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	const n = 40
	// olga owns n listings; vera (established: eight days old, a review written) is asked about each.
	w.Person(t, "olga", "landlord")
	w.Established(t, "vera", "tenant")
	w.Exec(t, `INSERT INTO properties (title, address, city, zip_code, property_type, monthly_rent, landlord_id, slug, images)
		SELECT 'Flat ' || i, i || ' Park Lane', 'Leeds', 'LS1 1AA', 'apartment', 900, u.id, 'flat-' || i, ARRAY['/images/demo/a.svg']
		FROM generate_series(1, $1) i, users u WHERE u.username = 'olga'`, n)
	w.Exec(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message, owner_username)
		SELECT p.id, o.id, v.id, 'Please confirm', 'olga' FROM properties p, users o, users v
		WHERE p.slug LIKE 'flat-%' AND o.username = 'olga' AND v.username = 'vera'`)

	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * n}}
	props := propertyv1connect.NewPropertyServiceClient(hc, w.URL)
	verifications := verificationv1connect.NewVerificationServiceClient(hc, w.URL)
	rows, err := w.Pool.Query(context.Background(), `SELECT r.id, r.property_id FROM verification_requests r ORDER BY r.property_id`)
	if err != nil {
		t.Fatal(err)
	}
	type pair struct{ request, property int32 }
	var pairs []pair
	for rows.Next() {
		var p pair
		if err := rows.Scan(&p.request, &p.property); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, p)
	}
	rows.Close()

	removed, refused := make([]bool, len(pairs)), make([]bool, len(pairs))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, fmt.Sprintf(format, args...))
	}
	for i, p := range pairs {
		wg.Go(func() {
			_, err := verifications.AnswerVerificationRequest(context.Background(),
				testworld.As("token-vera", &verificationv1.AnswerVerificationRequestRequest{Id: p.request, Status: "approved"}))
			const closed = "failed_precondition: This request was closed: the listing's address changed after this request was sent, and its proof was about the old address."
			switch {
			case err != nil && err.Error() == closed:
				refused[i] = true
			case err != nil:
				fail("approve %d: %v", p.request, err)
			}
		})
		wg.Go(func() {
			res, err := props.UpdateProperty(context.Background(), testworld.As("token-olga", &propertyv1.UpdatePropertyRequest{
				Id: p.property, Listing: &propertyv1.CreatePropertyRequest{
					Title: "Moved flat", Description: "A flat that moved to another street entirely.",
					Address: "7 New Road", City: "Leeds", ZipCode: "LS2 2BB", PropertyType: "apartment",
					MonthlyRent: 950, SquareFeet: 500, Images: []string{"/images/demo/a.svg"},
				},
			}))
			if err != nil {
				fail("edit %d: %v", p.property, err)
				return
			}
			removed[i] = res.Msg.GetVerificationRemoved()
			if res.Msg.GetProperty().GetVerified() {
				fail("edit %d answered a verified property at the new address", p.property)
			}
		})
	}
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	before, after := 0, 0
	for i, p := range pairs {
		var verified bool
		var withdrawn int
		if err := w.Pool.QueryRow(context.Background(), `SELECT p.verified, (SELECT count(*) FROM property_verifications v
			WHERE v.property_id = p.id AND v.withdraw_reason = $2) FROM properties p WHERE p.id = $1`,
			p.property, property.AddressChangedReason).Scan(&verified, &withdrawn); err != nil {
			t.Fatal(err)
		}
		// Approved first: the edit withdrew it. Edited first: the approval was refused. Either
		// way the listing at its new address is not verified.
		if removed[i] {
			before++
		} else {
			after++
		}
		if verified || (withdrawn == 1) != removed[i] || removed[i] == refused[i] {
			t.Errorf("property %d: verified %v, %d withdrawn, edit said removed %v, approval refused %v",
				p.property, verified, withdrawn, removed[i], refused[i])
		}
	}
	t.Logf("%d approvals before the edit, %d after", before, after)
}
