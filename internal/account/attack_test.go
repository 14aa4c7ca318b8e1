package account_test

// Attacks on sign-in, recovery and registration, replayed against the real server.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
)

// parallel runs n calls at once and returns their statuses in launch order.
func parallel(n int, call func(i int) reply) []int {
	statuses := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			statuses[i] = call(i).status
		})
	}
	close(start)
	wg.Wait()
	return statuses
}

func tally(statuses []int) map[int]int {
	out := map[int]int{}
	for _, s := range statuses {
		out[s]++
	}
	return out
}

// Item 4: 60 simultaneous wrong sign-ins to one account are counted before any password is
// checked: exactly the limit is evaluated, the rest refused, and the right password that the
// attack tried next (attempt 37 got in before) is refused too. (A success mid-burst would clear
// the counter by the product's rule, so the burst holds only guesses.)
func TestParallelLoginsGetExactlyTheLimit(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	newAPI(t, srv).post("/api/register", registration("babbage"))
	got := tally(parallel(60, func(int) reply {
		return newAPI(t, srv).post("/api/login", map[string]any{"username": "babbage", "password": "wrong-pass"})
	}))
	if got[http.StatusUnauthorized] != account.MaxAccountNetworkFailures || got[http.StatusTooManyRequests] != 60-account.MaxAccountNetworkFailures {
		t.Errorf("60 parallel sign-ins: %v; want exactly %d evaluated", got, account.MaxAccountNetworkFailures)
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "babbage", "password": "s3cret-pass"}); r.status != http.StatusTooManyRequests {
		t.Errorf("the right password after the burst: %d, want 429", r.status)
	}
}

// Item 4: 30 simultaneous recovery answers are counted the same way.
func TestParallelRecoveryAnswersGetExactlyTheLimit(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("lovelace"))
	owner.post("/api/security-questions", questions("Rex", "Vienna"))
	found := newAPI(t, srv).post("/api/password-reset/request", map[string]any{"email": "lovelace@example.com", "username": "lovelace"})
	statuses := parallel(30, func(i int) reply {
		return newAPI(t, srv).post("/api/password-reset/verify", map[string]any{
			"userId": found.body["userId"], "securityAnswer1": fmt.Sprint("guess", i), "securityAnswer2": "Vienna",
			"newPassword": "new-pass-1", "confirmPassword": "new-pass-1",
		})
	})
	got := tally(statuses)
	if got[http.StatusForbidden] != account.MaxAccountNetworkFailures || got[http.StatusTooManyRequests] != 30-account.MaxAccountNetworkFailures {
		t.Errorf("30 parallel recovery answers: %v; want exactly %d evaluated", got, account.MaxAccountNetworkFailures)
	}
}

// Item 5: failing from elsewhere locks out the one who fails, not the account's owner. A guesser
// spread over many networks fills the account-wide limit, which a browser that signed in to the
// account before is not held by.
func TestOthersCannotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	if r := owner.post("/api/register", registration("hamilton")); r.status != http.StatusOK {
		t.Fatalf("register: %s", r.raw)
	}
	device := ""
	for _, c := range owner.client.Jar.Cookies(mustURL(t, srv.URL)) {
		if c.Name == "rentproof_device" {
			device = c.Value
		}
	}
	if device == "" {
		t.Fatal("no device cookie after registration")
	}
	owner.post("/api/logout", nil)
	wrong := map[string]any{"username": "hamilton", "password": "wrong-pass"}
	right := map[string]any{"username": "hamilton", "password": "s3cret-pass"}

	// One network guessing: it is held after its own ten failures; the owner at home is not.
	attacker := newAPIFrom(t, srv, "127.0.0.2")
	for range account.MaxAccountNetworkFailures {
		attacker.post("/api/login", wrong)
	}
	if r := attacker.post("/api/login", right); r.status != http.StatusTooManyRequests {
		t.Errorf("the guessing network's next try: %d", r.status)
	}
	if r := newAPI(t, srv).post("/api/login", right); r.status != http.StatusOK {
		t.Fatalf("owner in a new browser at home after a guesser elsewhere: %d %s", r.status, r.raw)
	}

	// Many networks guessing fill the account-wide limit: a new browser is held, the owner's is not.
	for n := 3; n < 3+account.MaxAccountFailures/account.MaxAccountNetworkFailures; n++ {
		a := newAPIFrom(t, srv, fmt.Sprintf("127.0.0.%d", n))
		for range account.MaxAccountNetworkFailures {
			a.post("/api/login", wrong)
		}
	}
	if r := newAPIFrom(t, srv, "127.0.0.200").post("/api/login", right); r.status != http.StatusTooManyRequests {
		t.Errorf("a new browser after the account-wide limit filled: %d", r.status)
	}
	if r := owner.post("/api/login", right); r.status != http.StatusOK {
		t.Errorf("the owner's known browser after the account-wide limit filled: %d %s", r.status, r.raw)
	}

	// A device cookie known for another account is no key to this one.
	mallory := newAPIFrom(t, srv, "127.0.0.201")
	mallory.post("/api/register", registration("mallory"))
	if r := mallory.post("/api/login", right); r.status != http.StatusTooManyRequests {
		t.Errorf("another account's device cookie passed the account-wide limit: %d", r.status)
	}
}

// Item 3: registrations are limited per client network; an IPv6 /64 counts as one network.
func TestRegistrationsPerNetwork(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Limits: server.Limits{Accounts: account.Limits{RegistrationsPerNetwork: 3}}})
	statuses := parallel(8, func(i int) reply {
		return newAPI(t, srv).post("/api/register", registration(fmt.Sprint("bulk", i)))
	})
	if got := tally(statuses); got[http.StatusOK] != 3 || got[http.StatusTooManyRequests] != 5 {
		t.Errorf("8 parallel registrations from one network: %v", got)
	}
	r := newAPI(t, srv).post("/api/register", registration("late"))
	if !strings.HasPrefix(r.message(), "Too many accounts have been created from your network today.") || r.header.Get("Retry-After") == "" {
		t.Errorf("refusal: %d %s", r.status, r.raw)
	}
	var users int
	if err := srv.Pool.QueryRow(context.Background(), "SELECT count(*) FROM users").Scan(&users); err != nil || users != 3 {
		t.Errorf("%d accounts stored (%v)", users, err)
	}
	if newAPIFrom(t, srv, "127.0.0.2").post("/api/register", registration("neighbour")).status != http.StatusOK {
		t.Error("another network is refused")
	}
}

// Item 3: behind a trusted proxy, addresses of one IPv6 /64 are one network; the next /64 is another.
func TestRegistrationsPerIPv6Network(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{TrustedProxies: 1, Limits: server.Limits{Accounts: account.Limits{RegistrationsPerNetwork: 2}}})
	register := func(name, from string) int {
		body := fmt.Sprintf(`{"username":%q,"email":"%s@example.com","password":"s3cret-pass","firstName":"Ada","lastName":"Lovelace"}`, name, name)
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/register", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i, from := range []string{"2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:fffe"} {
		if status := register(fmt.Sprint("six", i), from); status != http.StatusOK {
			t.Fatalf("registration %d from %s: %d", i, from, status)
		}
	}
	if status := register("six2", "2001:db8:1:2:abcd::9"); status != http.StatusTooManyRequests {
		t.Errorf("a third address of the same /64: %d", status)
	}
	if status := register("six3", "2001:db8:1:3::1"); status != http.StatusOK {
		t.Errorf("the next /64: %d", status)
	}
}
