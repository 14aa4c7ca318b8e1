package account_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

// workOf is the recovery work (argon2id runs, link tokens, link emails) call takes; it reads a
// process-wide count, so tests using it do not run in parallel.
func workOf(call func()) [3]int64 {
	a0, t0, e0 := account.Work()
	call()
	a1, t1, e1 := account.Work()
	return [3]int64{a1 - a0, t1 - t0, e1 - e0}
}

// Recovery answers alike and works alike for known and unknown addresses and pairs: the reset
// request mints and hashes a token and composes an email either way; answers to decoy questions
// pay for two password hashes as wrong answers to real ones do. Not parallel: it counts work.
func TestRecoveryDoesTheSameWork(t *testing.T) { //nolint:paralleltest // it counts process-wide work
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("franklin"))
	owner.post("/api/security-questions", questions("Rex", "London"))
	newAPI(t, srv).post("/api/register", registration("bare"))

	// Reset by email.
	var known, unknown reply
	knownWork := workOf(func() { known = newAPI(t, srv).post(sendResetLink, map[string]any{"email": "franklin@example.com"}) })
	unknownWork := workOf(func() { unknown = newAPI(t, srv).post(sendResetLink, map[string]any{"email": "nobody@example.com"}) })
	if known.status != http.StatusOK || known.raw != unknown.raw {
		t.Errorf("answers differ: %d %s and %d %s", known.status, known.raw, unknown.status, unknown.raw)
	}
	if knownWork != unknownWork || knownWork != [3]int64{0, 1, 1} {
		t.Errorf("work for a known address %v, an unknown one %v; want one token and one email each", knownWork, unknownWork)
	}
	if n := count(t, srv, "SELECT count(*) FROM outbox_emails WHERE kind = 'password_reset'"); n != 1 {
		t.Errorf("%d reset emails, want only the known address's", n)
	}

	// Finding the account, then answering: real, question-less, wrong-email and unknown pairs.
	answer := func(found reply) (reply, [3]int64) {
		var r reply
		w := workOf(func() {
			r = newAPI(t, srv).post("/api/password-reset/verify", map[string]any{
				"userId": found.body["userId"], "securityAnswer1": "Fido", "securityAnswer2": "Paris",
				"newPassword": "new-pass-1", "confirmPassword": "new-pass-1",
			})
		})
		return r, w
	}
	var wantAnswer reply
	for i, pair := range []map[string]any{
		{"email": "franklin@example.com", "username": "franklin"},
		{"email": "bare@example.com", "username": "bare"},
		{"email": "other@example.com", "username": "franklin"},
		{"email": "who@example.com", "username": "nobody"},
	} {
		var found reply
		if w := workOf(func() { found = newAPI(t, srv).post("/api/password-reset/request", pair) }); w != [3]int64{} {
			t.Errorf("%v: finding took %v", pair, w)
		}
		if found.status != http.StatusOK || found.body["securityQuestion1"] == found.body["securityQuestion2"] || len(found.body) != 3 {
			t.Fatalf("%v: %d %s", pair, found.status, found.raw)
		}
		r, w := answer(found)
		if w != [3]int64{2, 0, 0} {
			t.Errorf("%v: answering took %v, want two password hashes", pair, w)
		}
		if i == 0 {
			wantAnswer = r
		}
		if r.status != http.StatusForbidden || r.message() != wantAnswer.message() {
			t.Errorf("%v: wrong answers answered %d %s, want %s", pair, r.status, r.raw, wantAnswer.raw)
		}
	}
}

// Answers set now match whatever their case and spacing; answers stored before normalisation
// are compared as stored until their next successful use re-hashes them.
func TestSecurityAnswersNormalised(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	owner := newAPI(t, srv)
	owner.post("/api/register", registration("leeds"))
	owner.post("/api/security-questions", questions("Rex", "Leeds"))
	found := newAPI(t, srv).post("/api/password-reset/request", map[string]any{"email": "leeds@example.com", "username": "leeds"})
	reset := func(a1, a2, pw string) int {
		return newAPI(t, srv).post("/api/password-reset/verify", map[string]any{
			"userId": found.body["userId"], "securityAnswer1": a1, "securityAnswer2": a2, "newPassword": pw, "confirmPassword": pw,
		}).status
	}
	if s := reset("REX", "leeds  ", "new-pass-1"); s != http.StatusOK {
		t.Fatalf(`"leeds  " for "Leeds": %d`, s)
	}
	if s := reset("r e x", "Leeds", "new-pass-2"); s != http.StatusForbidden {
		t.Errorf("letters spaced apart: %d", s)
	}

	// A legacy account: answers hashed as typed, version 1.
	h1, _ := account.HashSecret("Rex")
	h2, _ := account.HashSecret("Leeds")
	if _, err := srv.Pool.Exec(context.Background(),
		"UPDATE users SET security_answer1_hash = $1, security_answer2_hash = $2, security_answers_version = 1 WHERE username = 'leeds'", h1, h2); err != nil {
		t.Fatal(err)
	}
	if s := reset("rex", "leeds", "new-pass-3"); s != http.StatusForbidden {
		t.Errorf("a legacy answer in another case: %d, want compared as stored", s)
	}
	if s := reset(" Rex ", "Leeds", "new-pass-4"); s != http.StatusOK {
		t.Fatalf("a legacy answer as stored: %d", s)
	}
	if v := count(t, srv, "SELECT security_answers_version FROM users WHERE username = 'leeds'"); v != 2 {
		t.Errorf("version after a successful use: %d", v)
	}
	if s := reset("rex", "LEEDS", "new-pass-5"); s != http.StatusOK {
		t.Errorf("the re-hashed answers in another case: %d", s)
	}
}
