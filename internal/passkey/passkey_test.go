package passkey_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/passkey"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

const password = "s3cret-pass"

// world is a test server with the passkey and account clients.
type world struct {
	*testworld.World
	passkeys accountv1connect.PasskeyServiceClient
	accounts accountv1connect.AccountServiceClient
	emails   accountv1connect.AccountEmailServiceClient
	origin   string // the origin a browser on the server's loopback address signs for
}

func newWorld(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	w := &world{World: testworld.Start(t, opts)}
	w.passkeys = accountv1connect.NewPasskeyServiceClient(http.DefaultClient, w.URL)
	w.accounts = accountv1connect.NewAccountServiceClient(http.DefaultClient, w.URL)
	w.emails = accountv1connect.NewAccountEmailServiceClient(http.DefaultClient, w.URL)
	u, err := url.Parse(w.URL)
	if err != nil {
		t.Fatal(err)
	}
	w.origin = "http://localhost:" + u.Port()
	return w
}

// member makes a signed-in account whose password is password, and returns its session token.
func (w *world) member(t *testing.T, username string) string {
	t.Helper()
	token := w.Person(t, username, "tenant")
	hash, err := account.HashSecret(password)
	if err != nil {
		t.Fatal(err)
	}
	w.Exec(t, `UPDATE users SET password_hash = $2 WHERE username = $1`, username, hash)
	return token
}

// register adds a passkey named name to token's account with a new authenticator.
func (w *world) register(t *testing.T, token, name string) *authenticator {
	t.Helper()
	a := newAuthenticator(t, w.origin)
	begin, err := w.passkeys.BeginPasskeyRegistration(context.Background(), testworld.As(token, &accountv1.BeginPasskeyRegistrationRequest{Password: password}))
	if err != nil {
		t.Fatalf("begin registration: %v", err)
	}
	if _, err := w.passkeys.FinishPasskeyRegistration(context.Background(), testworld.As(token, &accountv1.FinishPasskeyRegistrationRequest{
		CredentialJson: a.create(begin.Msg.GetOptionsJson()), Name: name,
	})); err != nil {
		t.Fatalf("finish registration: %v", err)
	}
	return a
}

// beginSignIn starts a passkey sign-in from a signed-out browser and returns its options.
func (w *world) beginSignIn(t *testing.T) string {
	t.Helper()
	res, err := w.passkeys.BeginPasskeySignIn(context.Background(), testworld.As("", &accountv1.BeginPasskeySignInRequest{}))
	if err != nil {
		t.Fatalf("begin sign-in: %v", err)
	}
	return res.Msg.GetOptionsJson()
}

// signIn finishes a passkey sign-in with answer; on success it returns the signed-in username and
// the session token of its cookie.
func (w *world) signIn(answer string) (username, token string, err error) {
	res, err := w.passkeys.FinishPasskeySignIn(context.Background(), testworld.As("", &accountv1.FinishPasskeySignInRequest{CredentialJson: answer}))
	if err != nil {
		return "", "", err
	}
	for _, c := range (&http.Response{Header: res.Header()}).Cookies() {
		if c.Name == identity.SessionCookie {
			token = c.Value
		}
	}
	return res.Msg.GetUser().GetUsername(), token, nil
}

// passwordSession signs username in with the password from a new browser and returns the session
// token of its cookie.
func (w *world) passwordSession(t *testing.T, username string) string {
	t.Helper()
	res, err := w.accounts.Login(context.Background(), testworld.As("", &accountv1.LoginRequest{Username: username, Password: password}))
	if err != nil {
		t.Fatalf("password sign-in: %v", err)
	}
	for _, c := range (&http.Response{Header: res.Header()}).Cookies() {
		if c.Name == identity.SessionCookie {
			return c.Value
		}
	}
	t.Fatal("no session cookie from the password sign-in")
	return ""
}

// withPasskey starts a world with one member, username, who has a passkey named Laptop, and
// returns the world and the member's session token.
func withPasskey(t *testing.T, username string) (*world, string) {
	t.Helper()
	w := newWorld(t, testserver.Options{})
	token := w.member(t, username)
	w.register(t, token, "Laptop")
	return w, token
}

func (w *world) count(t *testing.T, sql string) int32 {
	t.Helper()
	return w.ID(t, sql)
}

func code(err error) string {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Code().String()
	}
	if err == nil {
		return "ok"
	}
	return err.Error()
}

func TestRelyingPartyIsTheOriginsHostAndLoopbackIsLocalhost(t *testing.T) {
	t.Parallel()
	for origin, want := range map[string]string{
		"https://rentproof.example":      "rentproof.example https://rentproof.example",
		"http://127.0.0.1:8080":          "localhost http://localhost:8080",
		"http://[::1]:8089":              "localhost http://localhost:8089",
		"http://localhost:8080":          "localhost http://localhost:8080",
		"https://rentproof.example:8443": "rentproof.example https://rentproof.example:8443",
	} {
		id, origins, err := passkey.RelyingParty(origin)
		if got := id + " " + strings.Join(origins, ","); err != nil || got != want {
			t.Errorf("RelyingParty(%q) = %q, %v; want %q", origin, got, err, want)
		}
	}
	if _, _, err := passkey.RelyingParty("http://192.0.2.10:8080"); err == nil {
		t.Error("a public IP address became a relying party: WebAuthn refuses IP addresses")
	}
}

// A passkey added with the password signs in without a username as its own account and no
// other; its assertion works once; a challenge of another purpose, another session or past its
// five minutes is refused; adding and removing it each send a security email.
func TestPasskeyLifecycleAndAttacks(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	ada := w.member(t, "ada_pk")
	bob := w.member(t, "bob_pk")

	// The identity check comes first: a wrong password adds nothing and counts as a failure.
	_, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(ada, &accountv1.BeginPasskeyRegistrationRequest{Password: "wrong-password"}))
	if !strings.Contains(testworld.Failure(err), "Your password is incorrect") {
		t.Fatalf("wrong password: %v", err)
	}
	_, err = w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(ada, &accountv1.BeginPasskeyRegistrationRequest{}))
	if !strings.Contains(testworld.Failure(err), "Please enter your current password") {
		t.Fatalf("no password and no passkey confirmation: %v", err)
	}

	adaKey := w.register(t, ada, "Ada's laptop")
	bobKey := w.register(t, bob, "Bob's phone")
	list, err := w.passkeys.ListPasskeys(ctx, testworld.As(ada, &accountv1.ListPasskeysRequest{}))
	if err != nil || len(list.Msg.GetPasskeys()) != 1 || list.Msg.GetPasskeys()[0].GetName() != "Ada's laptop" {
		t.Fatalf("ada's passkeys: %v %v", list, err)
	}
	if n := w.count(t, `SELECT count(*) FROM outbox_emails WHERE to_address = 'ada_pk@example.com' AND kind = 'passkey_added' AND category = 'security'`); n != 1 {
		t.Errorf("security emails about the added passkey: %d, want 1", n)
	}

	t.Run("a registration answer works once", func(t *testing.T) {
		a := newAuthenticator(t, w.origin)
		begin, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(ada, &accountv1.BeginPasskeyRegistrationRequest{Password: password}))
		if err != nil {
			t.Fatal(err)
		}
		answer := a.create(begin.Msg.GetOptionsJson())
		// Bob's session cannot finish a ceremony Ada's session began.
		_, err = w.passkeys.FinishPasskeyRegistration(ctx, testworld.As(bob, &accountv1.FinishPasskeyRegistrationRequest{CredentialJson: answer, Name: "Stolen"}))
		if code(err) != "failed_precondition" {
			t.Fatalf("another member finishing ada's registration: %v", err)
		}
		// The challenge was spent by that attempt: Ada begins again.
		_, err = w.passkeys.FinishPasskeyRegistration(ctx, testworld.As(ada, &accountv1.FinishPasskeyRegistrationRequest{CredentialJson: answer, Name: "Tablet"}))
		if code(err) != "failed_precondition" {
			t.Fatalf("a spent registration challenge: %v", err)
		}
		if n := w.count(t, `SELECT count(*) FROM passkeys WHERE name IN ('Stolen', 'Tablet')`); n != 0 {
			t.Fatalf("%d passkeys stored from a refused ceremony", n)
		}
	})

	t.Run("signs in as its owner, once per assertion", func(t *testing.T) {
		answer := adaKey.get(w.beginSignIn(t))
		username, token, err := w.signIn(answer)
		if err != nil || username != "ada_pk" || token == "" {
			t.Fatalf("sign in with ada's passkey: %q %q %v", username, token, err)
		}
		me, err := w.accounts.GetCurrentUser(ctx, testworld.As(token, &accountv1.GetCurrentUserRequest{}))
		if err != nil || me.Msg.GetUser().GetUsername() != "ada_pk" {
			t.Fatalf("the new session: %v %v", me, err)
		}
		if _, _, err := w.signIn(answer); code(err) != "failed_precondition" {
			t.Fatalf("a replayed assertion: %v", err)
		}
		if n := w.count(t, `SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'ada_pk'`); n != 2 {
			t.Fatalf("ada has %d sessions, want 2 (the replay must start none)", n)
		}
		// The new browser's alert says a passkey signed in, and what to do about that (not the password).
		if n := w.count(t, `SELECT count(*) FROM outbox_emails WHERE to_address = 'ada_pk@example.com' AND kind = 'sign_in_alert'
			AND text_body LIKE '%with a passkey from a browser%' AND text_body LIKE '%remove that passkey%' AND text_body NOT LIKE '%knows your password%'`); n != 1 {
			t.Errorf("passkey sign-in alerts that say so: %d, want 1", n)
		}
	})

	t.Run("cannot sign in to another account", func(t *testing.T) {
		// Ada's credential claiming Bob's user handle: the account is the credential's owner, and
		// the handle must be the one stored with it.
		answer := adaKey.sign(adaKey.read(w.beginSignIn(t)).Challenge, bobKey.handle)
		if username, _, err := w.signIn(answer); code(err) != "unauthenticated" {
			t.Fatalf("ada's passkey with bob's handle signed in as %q: %v", username, err)
		}
		// Ada's passkey confirming Bob's session.
		begin, err := w.passkeys.BeginPasskeyConfirmation(ctx, testworld.As(bob, &accountv1.BeginPasskeyConfirmationRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		_, err = w.passkeys.FinishPasskeyConfirmation(ctx, testworld.As(bob, &accountv1.FinishPasskeyConfirmationRequest{
			CredentialJson: adaKey.sign(adaKey.read(begin.Msg.GetOptionsJson()).Challenge, adaKey.handle),
		}))
		if code(err) != "unauthenticated" {
			t.Fatalf("ada's passkey confirming bob's session: %v", err)
		}
	})

	t.Run("a challenge of another purpose or past its time is refused", func(t *testing.T) {
		// A registration challenge answered as a sign-in.
		begin, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(ada, &accountv1.BeginPasskeyRegistrationRequest{Password: password}))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.signIn(adaKey.sign(adaKey.read(begin.Msg.GetOptionsJson()).Challenge, adaKey.handle)); code(err) != "failed_precondition" {
			t.Fatalf("a registration challenge used to sign in: %v", err)
		}
		// A sign-in challenge answered as a confirmation.
		_, err = w.passkeys.FinishPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.FinishPasskeyConfirmationRequest{CredentialJson: adaKey.get(w.beginSignIn(t))}))
		if code(err) != "failed_precondition" {
			t.Fatalf("a sign-in challenge used to confirm: %v", err)
		}
		// A sign-in challenge five minutes old.
		options := w.beginSignIn(t)
		w.Exec(t, `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND purpose = 'sign_in'`)
		if _, _, err := w.signIn(adaKey.get(options)); code(err) != "failed_precondition" {
			t.Fatalf("an expired challenge: %v", err)
		}
	})

	t.Run("a passkey confirmation stands in for the password for a few minutes", func(t *testing.T) {
		list, err := w.passkeys.ListPasskeys(ctx, testworld.As(ada, &accountv1.ListPasskeysRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		id := list.Msg.GetPasskeys()[0].GetId()
		// Bob cannot rename or remove Ada's passkey.
		if _, err := w.passkeys.RenamePasskey(ctx, testworld.As(bob, &accountv1.RenamePasskeyRequest{Id: id, Name: "Mine"})); code(err) != "not_found" {
			t.Fatalf("bob renaming ada's passkey: %v", err)
		}
		if _, err := w.passkeys.DeletePasskey(ctx, testworld.As(bob, &accountv1.DeletePasskeyRequest{Id: id, Password: password})); code(err) != "not_found" {
			t.Fatalf("bob removing ada's passkey: %v", err)
		}
		if _, err := w.passkeys.RenamePasskey(ctx, testworld.As(ada, &accountv1.RenamePasskeyRequest{Id: id, Name: "Old laptop"})); err != nil {
			t.Fatalf("rename: %v", err)
		}
		if _, err := w.passkeys.DeletePasskey(ctx, testworld.As(ada, &accountv1.DeletePasskeyRequest{Id: id})); !strings.Contains(testworld.Failure(err), "Please enter your current password") {
			t.Fatalf("removing without the password or a confirmation: %v", err)
		}
		begin, err := w.passkeys.BeginPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.BeginPasskeyConfirmationRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.passkeys.FinishPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.FinishPasskeyConfirmationRequest{CredentialJson: adaKey.get(begin.Msg.GetOptionsJson())})); err != nil {
			t.Fatalf("confirm: %v", err)
		}
		if _, err := w.passkeys.DeletePasskey(ctx, testworld.As(ada, &accountv1.DeletePasskeyRequest{Id: id})); err != nil {
			t.Fatalf("removing after a confirmation: %v", err)
		}
		if n := w.count(t, `SELECT count(*) FROM outbox_emails WHERE to_address = 'ada_pk@example.com' AND kind = 'passkey_removed' AND category = 'security'`); n != 1 {
			t.Errorf("security emails about the removed passkey: %d, want 1", n)
		}
		if _, _, err := w.signIn(adaKey.get(w.beginSignIn(t))); code(err) != "unauthenticated" {
			t.Fatalf("a removed passkey signing in: %v", err)
		}
	})
}

// Failed sign-ins count per credential, whoever sends them and in parallel: after the limit even
// the right assertion waits.
func TestPasskeySignInLimitPerCredential(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	ada := w.member(t, "ada_lim")
	key := w.register(t, ada, "Laptop")

	// Forged signatures sent at once from many networks: each attempt is reserved before it is checked.
	forged := make([]string, account.MaxAccountNetworkFailures+5)
	for i := range forged {
		forged[i] = strings.Replace(key.sign(key.read(w.beginSignIn(t)).Challenge, key.handle), `"signature":"`, `"signature":"AAAA`, 1)
	}
	var wg sync.WaitGroup
	results := make([]string, len(forged))
	for i := range results {
		wg.Go(func() {
			req := testworld.From(testworld.As("", &accountv1.FinishPasskeySignInRequest{CredentialJson: forged[i]}), fmt.Sprintf("198.51.100.%d", 1+i%9), "")
			_, err := w.passkeys.FinishPasskeySignIn(ctx, req)
			results[i] = code(err)
		})
	}
	wg.Wait()
	exhausted := 0
	for _, r := range results {
		switch r {
		case "resource_exhausted":
			exhausted++
		case "ok":
			t.Fatal("a forged assertion signed in")
		}
	}
	if want := len(results) - account.MaxAccountNetworkFailures; exhausted != want {
		t.Fatalf("%d of %d parallel failures refused by the limit, want %d: %v", exhausted, len(results), want, results)
	}
	req := testworld.From(testworld.As("", &accountv1.FinishPasskeySignInRequest{CredentialJson: key.get(w.beginSignIn(t))}), "203.0.113.7", "")
	if _, err := w.passkeys.FinishPasskeySignIn(ctx, req); code(err) != "resource_exhausted" {
		t.Fatalf("the right passkey past the limit: %v", err)
	}
}

// With "Require a passkey" on, the password signs in nowhere and confirms nothing, and a recovery
// that sets a new password does not turn it off.
func TestRequirePasskey(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	ada := w.member(t, "ada_req")

	if _, err := w.passkeys.SetPasskeyRequired(ctx, testworld.As(ada, &accountv1.SetPasskeyRequiredRequest{Required: true, Password: password})); code(err) != "failed_precondition" {
		t.Fatalf("requiring a passkey without one: %v", err)
	}
	key := w.register(t, ada, "Laptop")
	if _, err := w.passkeys.SetPasskeyRequired(ctx, testworld.As(ada, &accountv1.SetPasskeyRequiredRequest{Required: true, Password: password})); err != nil {
		t.Fatalf("require: %v", err)
	}
	_, err := w.accounts.Login(ctx, testworld.As("", &accountv1.LoginRequest{Username: "ada_req", Password: password}))
	if code(err) != "failed_precondition" {
		t.Fatalf("password sign-in of an account that requires a passkey: %v", err)
	}
	_, err = w.emails.ChangeEmail(ctx, testworld.As(ada, &accountv1.ChangeEmailRequest{Email: "thief@example.com", Password: password}))
	if !strings.Contains(testworld.Failure(err), "requires a passkey") {
		t.Fatalf("the password confirming an email change: %v", err)
	}
	list, err := w.passkeys.ListPasskeys(ctx, testworld.As(ada, &accountv1.ListPasskeysRequest{}))
	if err != nil || !list.Msg.GetRequired() {
		t.Fatalf("list: %v %v", list, err)
	}
	// The last passkey stays while required, even with a confirmation.
	begin, err := w.passkeys.BeginPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.BeginPasskeyConfirmationRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.passkeys.FinishPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.FinishPasskeyConfirmationRequest{CredentialJson: key.get(begin.Msg.GetOptionsJson())})); err != nil {
		t.Fatal(err)
	}
	_, err = w.passkeys.DeletePasskey(ctx, testworld.As(ada, &accountv1.DeletePasskeyRequest{Id: list.Msg.GetPasskeys()[0].GetId()}))
	if code(err) != "failed_precondition" {
		t.Fatalf("removing the last passkey while required: %v", err)
	}

	// Recovery by emailed link: a new password, and still no password sign-in.
	w.Exec(t, `INSERT INTO password_reset_tokens (user_id, purpose, token_hash, expires_at)
		SELECT id, 'reset', encode(sha256('reset-link-token'::bytea), 'hex'), now() + interval '1 hour' FROM users WHERE username = 'ada_req'`)
	if _, err := w.emails.ResetPasswordWithLink(ctx, testworld.As("", &accountv1.ResetPasswordWithLinkRequest{
		Token: "reset-link-token", NewPassword: "an0ther-pass", ConfirmPassword: "an0ther-pass",
	})); err != nil {
		t.Fatalf("reset: %v", err)
	}
	_, err = w.accounts.Login(ctx, testworld.As("", &accountv1.LoginRequest{Username: "ada_req", Password: "an0ther-pass"}))
	if code(err) != "failed_precondition" {
		t.Fatalf("password sign-in after a recovery: %v", err)
	}
	if username, _, err := w.signIn(key.get(w.beginSignIn(t))); err != nil || username != "ada_req" {
		t.Fatalf("the passkey after a recovery: %q %v", username, err)
	}
}

// A suspended member's passkey signs nobody in, and tells them why, as the password does; a
// closed account's is refused as bad credentials.
func TestPasskeySignInOfABarredAccount(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ada := w.member(t, "ada_barred")
	key := w.register(t, ada, "Laptop")
	w.Exec(t, `UPDATE users SET suspended_at = now(), suspension_reason = 'Fake listings.' WHERE username = 'ada_barred'`)
	_, _, err := w.signIn(key.get(w.beginSignIn(t)))
	if got := testworld.Failure(err); !strings.HasPrefix(got, "permission_denied: Your account has been suspended") || !strings.Contains(got, "Fake listings.") {
		t.Fatalf("a suspended member's passkey: %s", got)
	}
	w.Exec(t, `UPDATE users SET suspended_at = NULL, suspension_reason = NULL, closed_at = now() WHERE username = 'ada_barred'`)
	if _, _, err := w.signIn(key.get(w.beginSignIn(t))); code(err) != "unauthenticated" {
		t.Fatalf("a closed account's passkey: %v", err)
	}
	if n := w.count(t, `SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'ada_barred'`); n != 1 {
		t.Fatalf("%d sessions, want only the registration's", n)
	}
}

// Turning "Require a passkey" on ends the account's other sessions: one that signed in with a
// stolen password would otherwise stay signed in past the requirement meant to keep it out.
func TestRequiringAPasskeyEndsOtherSessions(t *testing.T) {
	t.Parallel()
	w, ada := withPasskey(t, "ada_req_end")
	ctx := context.Background()
	thiefToken := w.passwordSession(t, "ada_req_end")
	if _, err := w.passkeys.SetPasskeyRequired(ctx, testworld.As(ada, &accountv1.SetPasskeyRequiredRequest{Required: true, Password: password})); err != nil {
		t.Fatalf("require: %v", err)
	}
	if me, err := w.accounts.GetCurrentUser(ctx, testworld.As(thiefToken, &accountv1.GetCurrentUserRequest{})); err == nil && me.Msg.GetUser().GetUsername() != "" {
		t.Fatal("the password's session is still signed in after a passkey became required")
	}
	me, err := w.accounts.GetCurrentUser(ctx, testworld.As(ada, &accountv1.GetCurrentUserRequest{}))
	if err != nil || me.Msg.GetUser().GetUsername() != "ada_req_end" {
		t.Fatalf("the session that asked was signed out: %v %v", me, err)
	}
	if n := w.count(t, `SELECT count(*) FROM outbox_emails WHERE to_address = 'ada_req_end@example.com' AND kind = 'passkey_required'
		AND text_body LIKE '%1 other session was signed out%'`); n != 1 {
		t.Errorf("requirement notices that say a session was signed out: %d, want 1", n)
	}
}

// A session begins a bounded number of registration and confirmation ceremonies within their
// five minutes: each is a row, and a stolen or scripted session must not fill the table.
func TestPasskeyCeremoniesPerSessionAreBounded(t *testing.T) {
	t.Parallel()
	w, ada := withPasskey(t, "ada_flood")
	ctx := context.Background()
	var wg sync.WaitGroup
	results := make([]string, 3*passkey.CeremoniesPerSession)
	for i := range results {
		wg.Go(func() {
			_, err := w.passkeys.BeginPasskeyConfirmation(ctx, testworld.As(ada, &accountv1.BeginPasskeyConfirmationRequest{}))
			results[i] = code(err)
		})
	}
	wg.Wait()
	exhausted := 0
	for _, r := range results {
		if r == "resource_exhausted" {
			exhausted++
		}
	}
	// The registration above began one ceremony on this session.
	if want := len(results) - (passkey.CeremoniesPerSession - 1); exhausted != want {
		t.Fatalf("%d of %d parallel ceremonies refused, want %d: %v", exhausted, len(results), want, results)
	}
	if n := w.count(t, `SELECT count(*) FROM passkey_challenges WHERE purpose <> 'sign_in'`); n != passkey.CeremoniesPerSession {
		t.Fatalf("%d challenges stored for one session, want %d", n, passkey.CeremoniesPerSession)
	}
	_, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(ada, &accountv1.BeginPasskeyRegistrationRequest{Password: password}))
	if !strings.Contains(testworld.Failure(err), "Too many passkey requests") {
		t.Fatalf("a registration past the bound: %v", err)
	}
	// Another session is not held by this one's.
	other := w.member(t, "bob_flood")
	if _, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(other, &accountv1.BeginPasskeyRegistrationRequest{Password: password})); err != nil {
		t.Fatalf("another session: %v", err)
	}
}

// A passkey registration finished by a session that the member signed out while it waited (a
// thief's, with the password) adds nothing: it waits for the member's lock, then finds its
// session ended, as a password change does.
func TestRegistrationFromASessionEndedMeanwhile(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	w.member(t, "ada_race")
	thief := w.passwordSession(t, "ada_race")
	begin, err := w.passkeys.BeginPasskeyRegistration(ctx, testworld.As(thief, &accountv1.BeginPasskeyRegistrationRequest{Password: password}))
	if err != nil {
		t.Fatal(err)
	}
	answer := newAuthenticator(t, w.origin).create(begin.Msg.GetOptionsJson())
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SELECT id FROM users WHERE username = 'ada_race' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `UPDATE sessions SET revoked_at = now() WHERE id = (SELECT max(id) FROM sessions)`); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := w.passkeys.FinishPasskeyRegistration(ctx, testworld.As(thief, &accountv1.FinishPasskeyRegistrationRequest{CredentialJson: answer, Name: "Thief"}))
		done <- err
	}()
	time.Sleep(700 * time.Millisecond) // the finish checks the answer and waits for the lock
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; code(err) != "unauthenticated" {
		t.Errorf("finishing from the ended session: %v, want unauthenticated", err)
	}
	if n := w.count(t, `SELECT count(*) FROM passkeys`); n != 0 {
		t.Errorf("the ended session added %d passkeys", n)
	}
}
