package account_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

// A held-out owner gets in with the emailed sign-in link; a guesser without it stays out, and
// the link still asks for the right password and works once.
func TestSignInLinkLetsTheOwnerPastTheHold(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("hopper"))
	wrong := map[string]any{"username": "hopper", "password": "wrong-pass"}
	right := map[string]any{"username": "hopper", "password": "s3cret-pass"}
	// Guessers on several networks fill the account-wide limit.
	for n := 3; n < 3+account.MaxAccountFailures/account.MaxAccountNetworkFailures; n++ {
		g := newAPIFrom(t, srv, fmt.Sprintf("127.0.0.%d", n))
		for range account.MaxAccountNetworkFailures {
			g.post("/api/login", wrong)
		}
	}
	owner := newAPIFrom(t, srv, "127.0.0.200")
	held := owner.post("/api/login", right)
	if held.status != http.StatusTooManyRequests || held.header.Get("Rentproof-Hint") != account.HintSignInLink {
		t.Fatalf("the owner on a new network: %d %q %s", held.status, held.header.Get("Rentproof-Hint"), held.raw)
	}
	// The same refusal for a name with no account, once its counter is full: no oracle.
	for n := 3; n < 3+account.MaxAccountFailures/account.MaxAccountNetworkFailures; n++ {
		g := newAPIFrom(t, srv, fmt.Sprintf("127.0.0.%d", n+100))
		for range account.MaxAccountNetworkFailures {
			g.post("/api/login", map[string]any{"username": "nobody-here", "password": "wrong-pass"})
		}
	}
	if r := newAPIFrom(t, srv, "127.0.0.201").post("/api/login", map[string]any{"username": "nobody-here", "password": "s3cret-pass"}); r.message() != held.message() ||
		r.header.Get("Rentproof-Hint") != account.HintSignInLink {
		t.Errorf("an unknown name's hold: %s, want %s", r.raw, held.raw)
	}

	guesser := newAPIFrom(t, srv, "127.0.0.202")
	for _, who := range []*api{guesser, owner} {
		if r := who.post(sendSignIn, map[string]any{"username": "hopper"}); r.status != http.StatusOK || r.body["message"] != account.MsgSignInLinkSent {
			t.Fatalf("asking for a link: %d %s", r.status, r.raw)
		}
	}
	if r := owner.post(sendSignIn, map[string]any{"username": "nobody-here"}); r.status != http.StatusOK || r.body["message"] != account.MsgSignInLinkSent {
		t.Errorf("a link for no account: %d %s", r.status, r.raw)
	}
	link := lastLink(t, srv, "hopper@example.com", "sign_in_link")

	// Without the link the guesser is held even with the right password; a made-up link is refused.
	if r := guesser.post("/api/login", right); r.status != http.StatusTooManyRequests {
		t.Errorf("the guesser without the link: %d", r.status)
	}
	if r := guesser.post("/api/login", withLink(right, "made-up-link-made-up-link-made-up-link-made")); r.message() != account.ErrLinkInvalid.Error() {
		t.Errorf("a made-up link: %d %s", r.status, r.raw)
	}
	// With it the password is still checked, and a wrong one does not spend the link.
	if r := owner.post("/api/login", withLink(wrong, link)); r.status != http.StatusUnauthorized {
		t.Errorf("the link with a wrong password: %d %s", r.status, r.raw)
	}
	if r := owner.post("/api/login", withLink(right, link)); r.status != http.StatusOK {
		t.Fatalf("the owner with the link: %d %s", r.status, r.raw)
	}
	if r := newAPIFrom(t, srv, "127.0.0.203").post("/api/login", withLink(right, link)); r.message() != account.ErrLinkInvalid.Error() {
		t.Errorf("the link a second time: %d %s", r.status, r.raw)
	}
	if r := guesser.post("/api/login", right); r.status != http.StatusTooManyRequests {
		t.Errorf("the guesser after the owner got in: %d", r.status)
	}
	var used, expiresIn float64
	if err := srv.Pool.QueryRow(context.Background(),
		"SELECT count(*) FILTER (WHERE used), round(max(extract(epoch FROM expires_at - created_at))) FROM password_reset_tokens WHERE purpose = 'unlock'").
		Scan(&used, &expiresIn); err != nil || used != 1 || expiresIn != account.SignInLinkTTL.Seconds() {
		t.Errorf("sign-in links: %v used, %v s to live (%v)", used, expiresIn, err)
	}
}

// The link lifts the account-wide limit only: a network that failed ten times is still held.
func TestSignInLinkKeepsPerNetworkLimits(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("lamport"))
	owner := newAPIFrom(t, srv, "127.0.0.9")
	owner.post(sendSignIn, map[string]any{"username": "lamport@example.com"})
	link := lastLink(t, srv, "lamport@example.com", "sign_in_link")
	for range account.MaxAccountNetworkFailures {
		owner.post("/api/login", withLink(map[string]any{"username": "lamport", "password": "wrong-pass"}, link))
	}
	if r := owner.post("/api/login", withLink(map[string]any{"username": "lamport", "password": "s3cret-pass"}, link)); r.status != http.StatusTooManyRequests ||
		r.header.Get("Rentproof-Hint") != "" {
		t.Errorf("past the per-network limit with a link: %d %s", r.status, r.raw)
	}
}

func withLink(body map[string]any, link string) map[string]any {
	out := map[string]any{"signInLink": link}
	maps.Copy(out, body)
	return out
}
