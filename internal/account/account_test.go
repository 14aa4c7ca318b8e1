package account_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/gen/db"
	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/dbtest"
)

func TestSecretHashing(t *testing.T) {
	h1, err := account.HashSecret("Blue Whale")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := account.HashSecret("Blue Whale")
	if h1 == h2 {
		t.Error("two hashes of one secret must differ (random salt)")
	}
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("unexpected hash format %q", h1)
	}
	if strings.Contains(h1, "Blue Whale") {
		t.Error("hash contains the secret")
	}
	for secret, want := range map[string]bool{"Blue Whale": true, "blue whale": false, "Blue Whale ": false, "": false} {
		if got := account.VerifySecret(h1, secret); got != want {
			t.Errorf("VerifySecret(%q) = %v, want %v (answers are case-sensitive)", secret, got, want)
		}
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=1,t=1,p=1$!!$!!", "$bcrypt$x$y$z$w"} {
		if account.VerifySecret(bad, "x") {
			t.Errorf("malformed hash %q verified", bad)
		}
	}
}

// The current user comes from a live session token, by cookie or bearer header; expired,
// revoked and unknown tokens are anonymous.
func TestCurrentUserFromSession(t *testing.T) {
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	var userID int32
	if err := pool.QueryRow(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('maria', 'x', 'maria@example.com', 'Maria', 'Lopez', 'landlord') RETURNING id`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	sessions := map[string]string{
		"live":    "now() + interval '1 day'",
		"expired": "now() - interval '1 second'",
		"revoked": "now() + interval '1 day'",
	}
	for token, expires := range sessions {
		revoked := "NULL"
		if token == "revoked" {
			revoked = "now()"
		}
		if _, err := pool.Exec(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at, revoked_at)
			VALUES ($1, $2, `+expires+`, `+revoked+`)`, userID, account.HashToken(token)); err != nil {
			t.Fatal(err)
		}
	}
	svc := account.NewService(db.New(pool))
	mux := http.NewServeMux()
	mux.Handle(accountv1connect.NewAccountServiceHandler(account.NewHandler(svc)))
	srv := httptest.NewServer(account.Authenticate(svc, mux))
	defer srv.Close()
	client := accountv1connect.NewAccountServiceClient(srv.Client(), srv.URL)

	call := func(set func(http.Header)) (*accountv1.User, error) {
		req := connect.NewRequest(&accountv1.GetCurrentUserRequest{})
		set(req.Header())
		res, err := client.GetCurrentUser(ctx, req)
		if err != nil {
			return nil, err
		}
		return res.Msg.User, nil
	}
	cookie := func(token string) func(http.Header) {
		return func(h http.Header) { h.Set("Cookie", account.SessionCookie+"="+token) }
	}

	u, err := call(cookie("live"))
	if err != nil || u.GetUsername() != "maria" || u.GetRole() != "landlord" || u.GetTokens() != 10 {
		t.Fatalf("live cookie: %v %v", u, err)
	}
	u, err = call(func(h http.Header) { h.Set("Authorization", "Bearer live") })
	if err != nil || u.GetId() != userID {
		t.Fatalf("live bearer token: %v %v", u, err)
	}
	for name, set := range map[string]func(http.Header){
		"no token":      func(http.Header) {},
		"expired":       cookie("expired"),
		"revoked":       cookie("revoked"),
		"unknown":       cookie("forged-token"),
		"empty bearer":  func(h http.Header) { h.Set("Authorization", "Bearer ") },
		"sql in cookie": cookie("' OR 1=1 --"),
	} {
		if _, err := call(set); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("%s: want unauthenticated, got %v", name, err)
		}
	}
}
