package account_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

var (
	q1 = account.SecurityQuestions[1] // first pet
	q2 = account.SecurityQuestions[2] // city of birth
)

// questions is the security questions form of an account registered with registration(): setting
// them needs the current password.
func questions(a1, a2 string) map[string]any {
	return map[string]any{"securityQuestion1": q1, "securityAnswer1": a1, "securityQuestion2": q2, "securityAnswer2": a2,
		"currentPassword": "s3cret-pass"}
}

func TestSecurityQuestions(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	anonymous := newAPI(t, srv)
	if r := anonymous.post("/api/security-questions", questions("Rex", "Lima")); r.status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %s", r.status, r.raw)
	}

	a := newAPI(t, srv)
	a.post("/api/register", registration("curie"))
	for name, c := range map[string]struct {
		body  map[string]any
		field string
		msg   string
	}{
		"no question":         {map[string]any{"securityQuestion1": "", "securityAnswer1": "Rex", "securityQuestion2": q2, "securityAnswer2": "Lima"}, "securityQuestion1", "Security question is required"},
		"no answer":           {questions("Rex", "  "), "securityAnswer2", "Security answer is required"},
		"unlisted question":   {map[string]any{"securityQuestion1": "What is your password?", "securityAnswer1": "x", "securityQuestion2": q2, "securityAnswer2": "Lima"}, "securityQuestion1", "Please choose a question from the list"},
		"same question twice": {map[string]any{"securityQuestion1": q1, "securityAnswer1": "Rex", "securityQuestion2": q1, "securityAnswer2": "Rex"}, "securityQuestion2", "Please choose two different questions"},
		"huge answer":         {questions(strings.Repeat("a", 10_000), "Lima"), "securityAnswer1", "Security answer must be at most 200 characters"},
	} {
		t.Run(name, func(t *testing.T) {
			if r := a.in(t).post("/api/security-questions", c.body); r.status != http.StatusBadRequest || r.fieldErrors()[c.field] != c.msg {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}
	if r := a.post("/api/security-questions", questions("Rex", "Lima")); r.status != http.StatusOK || r.body["success"] != true {
		t.Fatalf("set: %d %s", r.status, r.raw)
	}
	if me := a.get("/api/user"); me.body["hasSecurityQuestions"] != true {
		t.Errorf("user does not show questions set: %s", me.raw)
	}
	var a1 string
	if err := srv.Pool.QueryRow(context.Background(), "SELECT security_answer1_hash FROM users WHERE username = 'curie'").Scan(&a1); err != nil ||
		!strings.HasPrefix(a1, "$argon2id$") || strings.Contains(a1, "Rex") {
		t.Errorf("answer stored as %q (%v)", a1, err)
	}
}

func TestRecovery(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("noether"))
	owner.post("/api/security-questions", questions("Rex", "Erlangen"))
	newAPI(t, srv).post("/api/register", registration("noquestions"))
	a := newAPI(t, srv)

	// Step 1 answers alike for a wrong email, a wrong username, both, or an account without
	// questions: two questions from the list (decoys), the same ones each time for a pair.
	for name, body := range map[string]map[string]any{
		"wrong email":    {"email": "other@example.com", "username": "noether"},
		"wrong username": {"email": "noether@example.com", "username": "someone"},
		"both wrong":     {"email": "x@example.com", "username": "nobody"},
		"no questions":   {"email": "noquestions@example.com", "username": "noquestions"},
	} {
		t.Run(name, func(t *testing.T) {
			r := a.in(t).post("/api/password-reset/request", body)
			q1, q2 := r.body["securityQuestion1"], r.body["securityQuestion2"]
			if r.status != http.StatusOK || !slices.Contains(account.SecurityQuestions, fmt.Sprint(q1)) ||
				!slices.Contains(account.SecurityQuestions, fmt.Sprint(q2)) || q1 == q2 || r.body["userId"] == nil || len(r.body) != 3 {
				t.Fatalf("%d %s", r.status, r.raw)
			}
			if again := a.in(t).post("/api/password-reset/request", body); again.raw != r.raw {
				t.Errorf("the same pair saw other questions: %s then %s", r.raw, again.raw)
			}
		})
	}
	for name, c := range map[string]struct {
		body  map[string]any
		field string
		msg   string
	}{
		"bad email":      {map[string]any{"email": "nope", "username": "noether"}, "email", "Please enter a valid email address"},
		"short username": {map[string]any{"email": "noether@example.com", "username": "no"}, "username", "Username must be at least 3 characters"},
	} {
		t.Run(name, func(t *testing.T) {
			if r := a.in(t).post("/api/password-reset/request", c.body); r.status != http.StatusBadRequest || r.fieldErrors()[c.field] != c.msg {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}

	r := a.post("/api/password-reset/request", map[string]any{"email": "NOETHER@example.com", "username": "Noether"})
	if r.status != http.StatusOK || r.body["securityQuestion1"] != q1 || r.body["securityQuestion2"] != q2 {
		t.Fatalf("find account: %d %s", r.status, r.raw)
	}
	userID := r.body["userId"]

	reset := func(a1, a2, pw, confirm string) reply {
		return a.post("/api/password-reset/verify", map[string]any{
			"userId": userID, "securityAnswer1": a1, "securityAnswer2": a2, "newPassword": pw, "confirmPassword": confirm,
		})
	}
	for name, c := range map[string]struct {
		r     reply
		field string
		msg   string
	}{
		"no answer":      {reset("", "Erlangen", "new-pass-1", "new-pass-1"), "securityAnswer1", "Security answer is required"},
		"short password": {reset("Rex", "Erlangen", "12345", "12345"), "newPassword", "Password must be at least 6 characters"},
		"mismatch":       {reset("Rex", "Erlangen", "new-pass-1", "new-pass-2"), "confirmPassword", "Passwords don't match"},
	} {
		t.Run(name, func(t *testing.T) {
			if c.r.status != http.StatusBadRequest || c.r.fieldErrors()[c.field] != c.msg {
				t.Errorf("%d %s", c.r.status, c.r.raw)
			}
		})
	}
	for name, r := range map[string]reply{
		"wrong answer":  reset("Fido", "Erlangen", "new-pass-1", "new-pass-1"),
		"one right":     reset("Rex", "Berlin", "new-pass-1", "new-pass-1"),
		"both wrong":    reset("Fido", "Berlin", "new-pass-1", "new-pass-1"),
		"inner letters": reset("Re x", "Erlangen", "new-pass-1", "new-pass-1"),
	} {
		t.Run(name, func(t *testing.T) {
			if r.status != http.StatusForbidden || r.message() != "Please check your security answers" {
				t.Errorf("%d %s", r.status, r.raw)
			}
		})
	}
	if r := a.post("/api/login", map[string]any{"username": "noether", "password": "new-pass-1"}); r.status != http.StatusUnauthorized {
		t.Fatalf("wrong answers changed the password: %d", r.status)
	}

	// Case and spacing do not matter (a deviation from SPEC's case-sensitive answers).
	if r := reset(" rEX ", "ERLANGEN", "new-pass-1", "new-pass-1"); r.status != http.StatusOK || r.body["success"] != true {
		t.Fatalf("reset: %d %s", r.status, r.raw)
	}
	// The reset signed the owner out everywhere; the new password works, the old one does not.
	if me := owner.get("/api/user"); me.status != http.StatusUnauthorized {
		t.Errorf("old session survived the reset: %d", me.status)
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "noether", "password": "s3cret-pass"}); r.status != http.StatusUnauthorized {
		t.Errorf("old password still works: %d", r.status)
	}
	if r := newAPI(t, srv).post("/api/login", map[string]any{"username": "noether", "password": "new-pass-1"}); r.status != http.StatusOK {
		t.Errorf("new password: %d %s", r.status, r.raw)
	}
}

func TestRecoveryRateLimit(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("lamarr"))
	owner.post("/api/security-questions", questions("Rex", "Vienna"))
	a := newAPI(t, srv)
	found := a.post("/api/password-reset/request", map[string]any{"email": "lamarr@example.com", "username": "lamarr"})
	reset := func(a1 string) reply {
		return a.post("/api/password-reset/verify", map[string]any{
			"userId": found.body["userId"], "securityAnswer1": a1, "securityAnswer2": "Vienna",
			"newPassword": "new-pass-1", "confirmPassword": "new-pass-1",
		})
	}
	for i := 1; i <= 10; i++ {
		if r := reset("wrong"); r.status != http.StatusForbidden {
			t.Fatalf("failure %d: %d", i, r.status)
		}
	}
	if r := reset("Rex"); r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Errorf("11th answer: %d %s", r.status, r.raw)
	}
}

func TestPublicUserName(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	me := a.post("/api/register", registration("franklin"))
	id := int(me.body["id"].(float64))
	r := newAPI(t, srv).get("/api/users/" + strconv.Itoa(id))
	if r.status != http.StatusOK || r.body["firstName"] != "Ada" || r.body["lastName"] != "L" || len(r.body) != 2 {
		t.Errorf("public name: %d %s", r.status, r.raw)
	}
	if r := a.get("/api/users/99999"); r.status != http.StatusNotFound {
		t.Errorf("unknown user: %d", r.status)
	}
}

// A password set by recovery (the security questions, or an emailed reset link) is told to the
// account's address by a security email, as a changed password is: whoever guessed the answers
// must not take the account over without its owner hearing of it.
func TestRecoveryTellsTheOwner(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("hopper"))
	owner.post("/api/security-questions", questions("Rex", "Arlington"))
	if r := resetByAnswers(newAPI(t, srv), "hopper", "Rex", "Arlington"); r.status != http.StatusOK {
		t.Fatalf("reset by answers: %d %s", r.status, r.raw)
	}
	const told = `SELECT count(*) FROM outbox_emails WHERE to_address = 'hopper@example.com' AND kind = 'password_reset_done'
		AND category = 'security' AND text_body LIKE $1`
	if n := count(t, srv, told, "%security questions%"); n != 1 {
		t.Errorf("security emails about the reset by answers: %d, want 1", n)
	}

	newAPI(t, srv).post(sendResetLink, map[string]any{"email": "hopper@example.com"})
	if r := newAPI(t, srv).post(resetWithLink, newPassword(lastLink(t, srv, "hopper@example.com", "password_reset"), "linked-1")); r.status != http.StatusOK {
		t.Fatalf("reset by link: %d %s", r.status, r.raw)
	}
	if n := count(t, srv, told, "%emailed link%"); n != 1 {
		t.Errorf("security emails about the reset by link: %d, want 1", n)
	}
}

// resetByAnswers recovers username's account (its address username@example.com) with the answers
// a1 and a2, choosing the password "guessed-1", as a browser that knows nothing else would.
func resetByAnswers(a *api, username, a1, a2 string) reply {
	a.t.Helper()
	found := a.post("/api/password-reset/request", map[string]any{"email": username + "@example.com", "username": username})
	return a.post("/api/password-reset/verify", map[string]any{
		"userId": found.body["userId"], "securityAnswer1": a1, "securityAnswer2": a2,
		"newPassword": "guessed-1", "confirmPassword": "guessed-1",
	})
}

// Setting the security questions emails the account's address: their answers reset the password,
// so a session that set answers its owner does not know must not go unheard.
func TestSettingSecurityQuestionsTellsTheOwner(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	a.post("/api/register", registration("babbage"))
	if r := a.post("/api/security-questions", questions("Rex", "Teignmouth")); r.status != http.StatusOK {
		t.Fatalf("set questions: %d %s", r.status, r.raw)
	}
	if n := count(t, srv, `SELECT count(*) FROM outbox_emails WHERE to_address = 'babbage@example.com' AND kind = 'security_questions_changed'
		AND category = 'security' AND text_body LIKE '%security questions%' AND text_body NOT LIKE '%Teignmouth%'`); n != 1 {
		t.Errorf("security emails about the questions: %d, want 1 (and never an answer in it)", n)
	}
}
