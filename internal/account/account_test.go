package account_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/vocab"
)

func TestRegisterValidation(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	long := strings.Repeat("x", 10_000)

	for name, c := range map[string]struct {
		change map[string]any
		field  string
		msg    string
	}{
		"short username":      {map[string]any{"username": "ab"}, "username", "Username must be at least 3 characters"},
		"long username":       {map[string]any{"username": long}, "username", "Username must be at most 50 characters"},
		"username characters": {map[string]any{"username": "robert'); DROP TABLE users;--"}, "username", "Username can only contain letters, numbers, dots, dashes and underscores"},
		"bad email":           {map[string]any{"email": "not-an-email"}, "email", "Please enter a valid email address"},
		"email with name":     {map[string]any{"email": "Ada <ada@example.com>"}, "email", "Please enter a valid email address"},
		"huge email":          {map[string]any{"email": long + "@example.com"}, "email", "Please enter a valid email address"},
		"short password":      {map[string]any{"password": "12345"}, "password", "Password must be at least 6 characters"},
		"huge password":       {map[string]any{"password": long}, "password", "Password must be at most 200 characters"},
		"no first name":       {map[string]any{"firstName": "  "}, "firstName", "First name is required"},
		"no last name":        {map[string]any{"lastName": ""}, "lastName", "Last name is required"},
		"huge first name":     {map[string]any{"firstName": long}, "firstName", "First name must be at most 100 characters"},
		"role admin":          {map[string]any{"role": "admin"}, "role", "You can only register as a tenant or a landlord"},
		"role agent":          {map[string]any{"role": "agent"}, "role", "You can only register as a tenant or a landlord"},
		"role manager":        {map[string]any{"role": "property_manager"}, "role", "You can only register as a tenant or a landlord"},
	} {
		t.Run(name, func(t *testing.T) {
			body := registration("valid_user")
			maps.Copy(body, c.change)
			r := a.in(t).post("/api/register", body)
			if r.status != http.StatusBadRequest || r.fieldErrors()[c.field] != c.msg {
				t.Errorf("%d %v, want 400 with %s: %q", r.status, r.raw, c.field, c.msg)
			}
		})
	}
	var users int
	if err := srv.Pool.QueryRow(context.Background(), "SELECT count(*) FROM users").Scan(&users); err != nil || users != 0 {
		t.Errorf("refused registrations created %d users (%v)", users, err)
	}
	if r := a.post("/api/register", "not an object"); r.status != http.StatusBadRequest {
		t.Errorf("malformed body: %d", r.status)
	}
}

func TestRegisterSignsInWithTokensAndUniqueNames(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)

	body := registration("Ada_L")
	body["confirmPassword"] = "ignored by the server"
	r := a.post("/api/register", body)
	// A new account opens with the balance the pages quote (users.tokens' default in SQL).
	opening := int(vocab.Published.GetAccount().GetOpeningTokens())
	if r.status != http.StatusOK || r.body["username"] != "Ada_L" || r.body["role"] != "tenant" || r.body["tokens"] != float64(opening) {
		t.Fatalf("register: %d %s", r.status, r.raw)
	}
	if strings.Contains(r.raw, "password") || strings.Contains(r.raw, "argon2") {
		t.Errorf("the answer carries a secret: %s", r.raw)
	}
	cookie := r.header.Get("Set-Cookie")
	for _, want := range []string{"rentproof_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("session cookie %q lacks %s", cookie, want)
		}
	}
	if me := a.get("/api/user"); me.status != http.StatusOK || me.body["username"] != "Ada_L" {
		t.Errorf("signed in after registering: %d %s", me.status, me.raw)
	}

	// The opening balance is one initial_allocation transaction.
	var balance, sum, n int
	var kind string
	if err := srv.Pool.QueryRow(context.Background(), `SELECT u.tokens, sum(t.amount), count(t.*), min(t.transaction_type)
		FROM users u JOIN token_transactions t ON t.user_id = u.id WHERE u.username = 'Ada_L' GROUP BY u.tokens`).
		Scan(&balance, &sum, &n, &kind); err != nil {
		t.Fatal(err)
	}
	if balance != opening || sum != opening || n != 1 || kind != "initial_allocation" {
		t.Errorf("tokens: balance %d, transactions %d summing %d of %s", balance, n, sum, kind)
	}

	landlord := registration("landlord1")
	landlord["role"] = "landlord"
	if r := newAPI(t, srv).post("/api/register", landlord); r.status != http.StatusOK || r.body["role"] != "landlord" {
		t.Errorf("landlord registration: %d %s", r.status, r.raw)
	}
	noRole := registration("norole")
	delete(noRole, "role")
	if r := newAPI(t, srv).post("/api/register", noRole); r.body["role"] != "tenant" {
		t.Errorf("default role: %s", r.raw)
	}

	dupName := registration("ADA_l")
	if r := newAPI(t, srv).post("/api/register", dupName); r.status != http.StatusConflict || r.message() != "Username already exists" {
		t.Errorf("username differing in case: %d %s", r.status, r.raw)
	}
	dupEmail := registration("someone_else")
	dupEmail["email"] = "ADA_L@Example.COM"
	if r := newAPI(t, srv).post("/api/register", dupEmail); r.status != http.StatusConflict || r.message() != "Email already exists" {
		t.Errorf("email differing in case: %d %s", r.status, r.raw)
	}
}

func TestLogin(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("grace"))
	a := newAPI(t, srv)

	for name, c := range map[string]struct {
		body  map[string]any
		field string
		msg   string
	}{
		"short identifier": {map[string]any{"username": "gr", "password": "s3cret-pass"}, "username", "Username or email must be at least 3 characters"},
		"short password":   {map[string]any{"username": "grace", "password": "12345"}, "password", "Password must be at least 6 characters"},
	} {
		t.Run(name, func(t *testing.T) {
			if r := a.in(t).post("/api/login", c.body); r.status != http.StatusBadRequest || r.fieldErrors()[c.field] != c.msg {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}
	for name, body := range map[string]map[string]any{
		"wrong password":  {"username": "grace", "password": "wrong-pass"},
		"unknown user":    {"username": "nobody", "password": "s3cret-pass"},
		"sql in username": {"username": "' OR '1'='1", "password": "' OR '1'='1"},
		"huge input":      {"username": strings.Repeat("g", 10_000), "password": strings.Repeat("p", 10_000)},
	} {
		t.Run(name, func(t *testing.T) {
			if r := a.in(t).post("/api/login", body); r.status != http.StatusUnauthorized || r.message() != "Invalid username or password" {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}
	if me := a.get("/api/user"); me.status != http.StatusUnauthorized {
		t.Errorf("failed logins signed someone in: %s", me.raw)
	}

	for _, identifier := range []string{"grace", "GRACE", "grace@example.com", "Grace@Example.com"} {
		t.Run("login as "+identifier, func(t *testing.T) {
			r := newAPI(t, srv).post("/api/login", map[string]any{"username": identifier, "password": "s3cret-pass"})
			if r.status != http.StatusOK || r.body["username"] != "grace" {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}
}

func TestSessionsExpireAndAreRevoked(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	ctx := context.Background()
	a := newAPI(t, srv)
	a.post("/api/register", registration("hopper"))

	// Sign in again from the same browser: a fresh token replaces the old one, which dies.
	oldToken := cookieValue(t, a)
	if r := a.post("/api/login", map[string]any{"username": "hopper", "password": "s3cret-pass"}); r.status != http.StatusOK {
		t.Fatalf("login: %s", r.raw)
	}
	if cookieValue(t, a) == oldToken {
		t.Error("login kept the old token")
	}
	stale := withToken(t, srv, oldToken)
	if r := stale.get("/api/user"); r.status != http.StatusUnauthorized {
		t.Errorf("the replaced token still works: %d", r.status)
	}

	// Logout revokes the session and clears the cookie.
	token := cookieValue(t, a)
	r := a.post("/api/logout", nil)
	if r.status != http.StatusOK || !strings.Contains(r.header.Get("Set-Cookie"), "Max-Age=0") {
		t.Errorf("logout: %d %q", r.status, r.header.Get("Set-Cookie"))
	}
	if r := withToken(t, srv, token).get("/api/user"); r.status != http.StatusUnauthorized {
		t.Errorf("a logged-out token still works: %d", r.status)
	}

	// Absolute and idle expiry.
	b := newAPI(t, srv)
	b.post("/api/login", map[string]any{"username": "hopper", "password": "s3cret-pass"})
	if _, err := srv.Pool.Exec(ctx, "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL"); err != nil {
		t.Fatal(err)
	}
	if r := b.get("/api/user"); r.status != http.StatusUnauthorized {
		t.Errorf("an expired session still works: %d", r.status)
	}
	c := newAPI(t, srv)
	c.post("/api/login", map[string]any{"username": "hopper", "password": "s3cret-pass"})
	if _, err := srv.Pool.Exec(ctx, "UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE revoked_at IS NULL AND expires_at > now()"); err != nil {
		t.Fatal(err)
	}
	if r := c.get("/api/user"); r.status != http.StatusUnauthorized {
		t.Errorf("an idle session still works: %d", r.status)
	}

	// Only hashes are stored.
	var stored int
	if err := srv.Pool.QueryRow(ctx, "SELECT count(*) FROM sessions WHERE token_hash = convert_to($1, 'UTF8')", token).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("a raw token is stored (%v)", err)
	}
}

func TestBearerTokenForTools(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("toolsmith"))
	token := cookieValue(t, a)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/user", http.NoBody)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("bearer token: %d", res.StatusCode)
	}
}

func TestLoginRateLimit(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("turing"))
	a := newAPI(t, srv)
	wrong := map[string]any{"username": "turing", "password": "wrong-pass"}
	right := map[string]any{"username": "turing", "password": "s3cret-pass"}

	for i := 1; i <= 10; i++ {
		if r := a.post("/api/login", wrong); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i, r.status, r.raw)
		}
	}
	// The 11th attempt is refused even with the right password.
	r := a.post("/api/login", right)
	if r.status != http.StatusTooManyRequests || !strings.HasPrefix(r.message(), "Too many failed attempts. Please try again in 15 minutes") {
		t.Fatalf("11th attempt: %d %s", r.status, r.raw)
	}
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After header")
	}
	// The count is the username's, not the account's: the account's email answers as any other
	// address does, so the hold does not tell a guesser which email belongs to the username.
	for _, address := range []string{"turing@example.com", "someone@example.com"} {
		if r := a.post("/api/login", map[string]any{"username": address, "password": "wrong-pass"}); r.status != http.StatusUnauthorized {
			t.Errorf("%s after the username's hold: %d %s, want the answer to a wrong password", address, r.status, r.raw)
		}
	}

	// The window slides: once the failures are older than 15 minutes, the right password works.
	if _, err := srv.Pool.Exec(context.Background(), "UPDATE rate_events SET created_at = created_at - interval '16 minutes'"); err != nil {
		t.Fatal(err)
	}
	if r := a.post("/api/login", right); r.status != http.StatusOK {
		t.Errorf("after the window: %d %s", r.status, r.raw)
	}
}

func TestLoginRateLimitPerAddress(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	for i := 1; i <= 30; i++ {
		body := map[string]any{"username": fmt.Sprintf("victim%d", i), "password": "guess-123"}
		if r := a.post("/api/login", body); r.status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i, r.status)
		}
	}
	if r := a.post("/api/login", map[string]any{"username": "victim99", "password": "guess-123"}); r.status != http.StatusTooManyRequests {
		t.Errorf("31st failure from one address on fresh accounts: %d", r.status)
	}
}

func cookieValue(t *testing.T, a *api) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.base, http.NoBody)
	for _, c := range a.client.Jar.Cookies(req.URL) {
		if c.Name == "rentproof_session" {
			return c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

func withToken(t *testing.T, srv *testserver.Server, token string) *api {
	t.Helper()
	a := newAPI(t, srv)
	req, _ := http.NewRequest(http.MethodGet, srv.URL, http.NoBody)
	a.client.Jar.SetCookies(req.URL, []*http.Cookie{{Name: "rentproof_session", Value: token}})
	return a
}

func TestHousekeepingPrunesOnlyTheDead(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	ctx := context.Background()
	a := newAPI(t, srv)
	a.post("/api/register", registration("keeper"))
	exec := func(sql string) {
		t.Helper()
		if _, err := srv.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO sessions (user_id, token_hash, expires_at) SELECT id, 'dead', now() - interval '2 days' FROM users`)
	exec(`INSERT INTO rate_events (key, created_at) VALUES ('login:old', now() - interval '25 hours'), ('login:new', now() - interval '23 hours')`)
	if err := account.NewService(srv.Pool).Housekeep(ctx); err != nil {
		t.Fatal(err)
	}
	var sessions, failures int
	if err := srv.Pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM rate_events WHERE key LIKE 'login:%')").Scan(&sessions, &failures); err != nil {
		t.Fatal(err)
	}
	if sessions != 1 || failures != 1 {
		t.Errorf("after housekeeping: %d sessions (want the live one), %d rate events (want the one inside a day)", sessions, failures)
	}
	if me := a.get("/api/user"); me.status != http.StatusOK {
		t.Errorf("the live session was pruned: %d", me.status)
	}
}
