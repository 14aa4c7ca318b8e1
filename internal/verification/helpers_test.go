package verification_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

// world is a server with clients of the services under test and helpers that make people and
// properties directly in its database.
type world struct {
	srv          *testserver.Server
	verification verificationv1connect.VerificationServiceClient
	tokens       tokenv1connect.TokenServiceClient
	properties   propertyv1connect.PropertyServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	return newWorldWith(t, testserver.Options{})
}

func newWorldWith(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	srv := testserver.Start(t, opts)
	return worldOf(srv, http.DefaultClient)
}

func worldOf(srv *testserver.Server, client connect.HTTPClient) *world {
	return &world{
		srv:          srv,
		verification: verificationv1connect.NewVerificationServiceClient(client, srv.URL),
		tokens:       tokenv1connect.NewTokenServiceClient(client, srv.URL),
		properties:   propertyv1connect.NewPropertyServiceClient(client, srv.URL),
	}
}

func (w *world) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := w.srv.Pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func (w *world) id(t *testing.T, sql string, args ...any) int32 {
	t.Helper()
	var id int32
	if err := w.srv.Pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// person makes a signed-in account opened today (not established) with its opening ledger row,
// as registration makes it, and returns its session token.
func (w *world) person(t *testing.T, username, role string) string {
	t.Helper()
	token := "token-" + username
	w.exec(t, `
		WITH u AS (
			INSERT INTO users (username, password_hash, email, first_name, last_name, role)
			VALUES ($1, 'x', $1 || '@example.com', initcap($1), 'Tester', $2) RETURNING id, tokens),
		s AS (INSERT INTO sessions (user_id, token_hash, expires_at) SELECT id, $3, now() + interval '1 day' FROM u)
		INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
		SELECT id, tokens, 'initial_allocation', 'system', 'Welcome tokens for joining RentProof' FROM u`,
		username, role, account.HashToken(token))
	return token
}

// established makes a signed-in account that counts as established (SQL account_established):
// open for eight days, with a published review of a property of its own making.
func (w *world) established(t *testing.T, username, role string) string {
	t.Helper()
	token := w.person(t, username, role)
	w.exec(t, `
		WITH u AS (UPDATE users SET created_at = now() - interval '8 days' WHERE username = $1 RETURNING id),
		p AS (
			INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			SELECT 'Reviewed by ' || $1, '9 Elsewhere Rd', 'York', 'house', 700, id, 'reviewed-' || $1 FROM u RETURNING id)
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT p.id, u.id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM p, u`, username)
	return token
}

// userID is the id of username.
func (w *world) userID(t *testing.T, username string) int32 {
	t.Helper()
	return w.id(t, `SELECT id FROM users WHERE username = $1`, username)
}

// property lists a property of olga's (every test's owner) and returns its id.
func (w *world) property(t *testing.T, title string) int32 {
	t.Helper()
	return w.id(t, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT $1, '1 Park Lane', 'Leeds', 'apartment', 900, id, lower(replace($1, ' ', '-')) FROM users WHERE username = 'olga'
		RETURNING id`, title)
}

func as[T any](token string, msg *T) *connect.Request[T] {
	req := connect.NewRequest(msg)
	if token != "" {
		req.Header().Set("Authorization", "Bearer "+token)
	}
	return req
}

// failure is an error's code and user's message, for comparing with what a test expects.
func failure(err error) string {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Code().String() + ": " + ce.Message()
	}
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// ask sends the owner's (landlord path) request to verifiers.
func (w *world) ask(t *testing.T, token string, propertyID int32, verifiers ...string) []*verificationv1.VerificationRequest {
	t.Helper()
	res, err := w.verification.CreateVerificationRequest(context.Background(), as(token,
		&verificationv1.CreateVerificationRequestRequest{PropertyId: propertyID, VerifierUsernames: verifiers, Message: "Please confirm"}))
	if err != nil {
		t.Fatalf("ask %v about %d: %v", verifiers, propertyID, err)
	}
	return res.Msg.Requests
}

// answer answers request id as token.
func (w *world) answer(token string, id int32, status string) (*verificationv1.AnswerVerificationRequestResponse, error) {
	res, err := w.verification.AnswerVerificationRequest(context.Background(), as(token,
		&verificationv1.AnswerVerificationRequestRequest{Id: id, Status: status}))
	if err != nil {
		return nil, err
	}
	return res.Msg, nil
}

func (w *world) balance(t *testing.T, token string) int32 {
	t.Helper()
	res, err := w.tokens.GetBalance(context.Background(), as(token, &tokenv1.GetBalanceRequest{}))
	if err != nil {
		t.Fatalf("balance: %v", err)
	}
	return res.Msg.Balance
}

func (w *world) getProperty(t *testing.T, id int32) *propertyv1.Property {
	t.Helper()
	res, err := w.properties.GetProperty(context.Background(), connect.NewRequest(&propertyv1.GetPropertyRequest{Id: id}))
	if err != nil {
		t.Fatalf("get property %d: %v", id, err)
	}
	return res.Msg.Property
}

// ledgerMismatches lists every account, in the whole database, whose balance is negative or is
// not the sum of its ledger rows.
func (w *world) ledgerMismatches(t *testing.T) []string {
	t.Helper()
	rows, err := w.srv.Pool.Query(context.Background(), `
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

func long(n int) string { return strings.Repeat("x", n) }
