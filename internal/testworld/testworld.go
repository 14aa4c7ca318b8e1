// Package testworld is what the tests of every package share beside the server itself
// (testserver): people and properties arranged directly in a test server's database, and the
// public API spoken to as clients speak it (a bearer token, a plain HTTP request, a sign-up in a
// browser of its own). Each package's tests keep only the fixtures of their own rules.
package testworld

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/testserver"
)

// World is a running test server with helpers that arrange its database and read it back.
// A package's tests embed it in a world of their own that adds the clients of the services
// they test.
type World struct {
	*testserver.Server
}

// Start starts a test server (testserver.Start) and returns its world.
func Start(t testing.TB, opts testserver.Options) *World {
	t.Helper()
	return &World{Server: testserver.Start(t, opts)}
}

// Exec runs sql on the world's database; a failure fails the test.
func (w *World) Exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	if _, err := w.Pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// ID runs sql, which answers one integer (an id, a count), and returns it.
func (w *World) ID(t testing.TB, sql string, args ...any) int32 {
	t.Helper()
	var id int32
	if err := w.Pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// Person makes (or reuses, keeping its role) a signed-in account opened today, not established,
// with its ledger's opening row as registration writes it, and returns its session token
// ("token-" + username).
func (w *World) Person(t testing.TB, username, role string) string {
	t.Helper()
	token := "token-" + username
	w.Exec(t, `
		WITH u AS (
			INSERT INTO users (username, password_hash, email, first_name, last_name, role)
			VALUES ($1, 'x', $1 || '@example.com', initcap($1), 'Tester', $2)
			ON CONFLICT DO NOTHING RETURNING id, tokens),
		s AS (
			INSERT INTO sessions (user_id, token_hash, expires_at)
			SELECT coalesce((SELECT id FROM u), (SELECT id FROM users WHERE username = $1)), $3, now() + interval '1 day'
			ON CONFLICT DO NOTHING)
		INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
		SELECT id, tokens, 'initial_allocation', 'system', 'Welcome tokens for joining RentProof' FROM u`,
		username, role, account.HashToken(token))
	return token
}

// Member makes (or reuses) a signed-in account open for eight days: established as soon as it
// has a published review.
func (w *World) Member(t testing.TB, username, role string) string {
	t.Helper()
	token := w.Person(t, username, role)
	w.Exec(t, `UPDATE users SET created_at = now() - interval '8 days' WHERE username = $1`, username)
	return token
}

// Established makes a signed-in account that counts as established (SQL account_established):
// open for eight days, with a published review of a property of its own making (in York, away
// from the properties tests list).
func (w *World) Established(t testing.TB, username, role string) string {
	t.Helper()
	token := w.Member(t, username, role)
	w.Exec(t, `
		WITH u AS (SELECT id FROM users WHERE username = $1),
		p AS (
			INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			SELECT 'Reviewed by ' || $1, '9 Elsewhere Rd', 'York', 'house', 700, id, 'reviewed-' || $1 FROM u RETURNING id)
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT p.id, u.id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM p, u`, username)
	return token
}

// UserID is the id of username.
func (w *World) UserID(t testing.TB, username string) int32 {
	t.Helper()
	return w.ID(t, `SELECT id FROM users WHERE username = $1`, username)
}

// Property lists an apartment of owner's in Leeds and returns its id; its slug is made of the
// title, so titles differ within a test.
func (w *World) Property(t testing.TB, owner, title string) int32 {
	t.Helper()
	return w.ID(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT $2, '1 Park Lane', 'Leeds', 'apartment', 900, id, lower(replace($2, ' ', '-')) FROM users WHERE username = $1
		RETURNING id`, owner, title)
}

// Kenwood lists owner's flat at 1407 Kenwood Avenue, Springfield, with a picture (the edit form
// wants one), for the tests of what a move does; it returns its id.
func (w *World) Kenwood(t testing.TB, owner, title, slug string) int32 {
	t.Helper()
	return w.ID(t, `INSERT INTO properties (title, address, city, zip_code, property_type, monthly_rent, landlord_id, slug, images)
		SELECT $2, '1407 Kenwood Avenue', 'Springfield', '62704', 'apartment', 900, id, $3, ARRAY['/images/demo/a.svg']
		FROM users WHERE username = $1 RETURNING id`, owner, title, slug)
}

// Move edits a Kenwood listing as token (its owner's edit form) to 500 Somewhere Else Blvd,
// titled title. A refusal is an error of the test (Move may run beside it in a goroutine) and
// answers nil, whose fields read as zero.
func (w *World) Move(t testing.TB, token string, propertyID int32, title string) *propertyv1.UpdatePropertyResponse {
	t.Helper()
	res, err := w.properties().UpdateProperty(context.Background(), As(token, &propertyv1.UpdatePropertyRequest{
		Id: propertyID, Listing: &propertyv1.CreatePropertyRequest{
			Title: title, Description: "A flat that moved to another street entirely.",
			Address: "500 Somewhere Else Blvd", City: "Springfield", ZipCode: "62704", PropertyType: "apartment",
			MonthlyRent: 900, SquareFeet: 500, Images: []string{"/images/demo/a.svg"},
		},
	}))
	if err != nil {
		t.Errorf("move %d: %v", propertyID, err)
		return nil
	}
	return res.Msg
}

// GetProperty is a property as PropertyService answers anyone.
func (w *World) GetProperty(t testing.TB, id int32) *propertyv1.Property {
	t.Helper()
	res, err := w.properties().GetProperty(context.Background(), connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
	if err != nil {
		t.Fatalf("get property %d: %v", id, err)
	}
	return res.Msg.Property
}

func (w *World) properties() propertyv1connect.PropertyServiceClient {
	return propertyv1connect.NewPropertyServiceClient(w.Client, w.URL)
}

// Balance is the token balance TokenService tells the bearer of token.
func (w *World) Balance(t testing.TB, token string) int32 {
	t.Helper()
	res, err := tokenv1connect.NewTokenServiceClient(w.Client, w.URL).GetBalance(context.Background(), As(token, &tokenv1.GetBalanceRequest{}))
	if err != nil {
		t.Fatalf("balance: %v", err)
	}
	return res.Msg.Balance
}

// LedgerMismatches lists every account, in the whole database, whose balance is negative or is
// not the sum of its ledger rows.
func (w *World) LedgerMismatches(t testing.TB) []string {
	t.Helper()
	rows, err := w.Pool.Query(context.Background(), `
		SELECT u.username, u.tokens, coalesce(sum(t.amount), 0)
		FROM users u LEFT JOIN token_transactions t ON t.user_id = u.id
		GROUP BY u.id
		HAVING u.tokens < 0 OR u.tokens <> coalesce(sum(t.amount), 0)
		ORDER BY u.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		var balance, sum int64
		if err := rows.Scan(&name, &balance, &sum); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s: balance %d, ledger %d", name, balance, sum))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Password is the password Register signs people up with.
const Password = "s3cret-pass"

// Register signs username up through the REST shim (POST /api/register) in browser, which keeps
// the session and device cookies it is given; forwardedFor, when not "", is sent as
// X-Forwarded-For (the network, behind a trusted proxy). Anything but 200 fails the test.
func (w *World) Register(t testing.TB, browser *http.Client, username, role, forwardedFor string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{
		"username": username, "email": username + "@example.com", "password": Password,
		"firstName": "New", "lastName": "Member", "role": role,
	})
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, w.URL+"/api/register", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	res, err := browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("register %s: %d", username, res.StatusCode)
	}
}

// As is a Connect request of msg with the bearer token ("": signed out).
func As[T any](token string, msg *T) *connect.Request[T] {
	req := connect.NewRequest(msg)
	if token != "" {
		req.Header().Set("Authorization", "Bearer "+token)
	}
	return req
}

// From sends req as a client on network ip (through one trusted proxy: X-Forwarded-For) with the
// browser whose device cookie is device ("": none).
func From[T any](req *connect.Request[T], ip, device string) *connect.Request[T] {
	req.Header().Set("X-Forwarded-For", ip)
	if device != "" {
		req.Header().Set("Cookie", identity.DeviceCookie+"="+device)
	}
	return req
}

// Failure is an error's code and user's message ("ok" for none), for comparing with what a test
// expects.
func Failure(err error) string {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Code().String() + ": " + ce.Message()
	}
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// Send makes one plain HTTP request with http.DefaultClient: a bearer token when token is not "",
// a Content-Type when contentType is not "", and header's name and value pairs. It returns the
// answer's status, headers and body.
func Send(t testing.TB, method, url, token, contentType string, body io.Reader, header ...string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(raw)
}

// SmallPNG is a valid 4×3 PNG with one red pixel.
func SmallPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.RGBA{200, 30, 30, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
