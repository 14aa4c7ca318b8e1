package verification_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
	"github.com/rentproof/rentproof/internal/vocab"
)

// An approval from a network or browser the owner used in the last 90 days (the declared window,
// SQL accounts_linked's) waits for an administrator: the verifier earns nothing yet, the property stays unverified, its other
// requests stay open. Addresses arrive through one trusted proxy (X-Forwarded-For).
func TestApprovalSharingTheOwnersSignInIsHeld(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	olga := w.UserID(t, "olga")
	w.Established(t, "bystander", "tenant")
	// An hour inside and an hour outside the declared window.
	window := vocab.Published.GetAccount().GetLinkedWindowDays()
	inside := fmt.Sprintf("now() - interval '%d days' + interval '1 hour'", window)
	outside := fmt.Sprintf("now() - interval '%d days' - interval '1 hour'", window)

	for i, c := range []struct {
		name    string
		arrange string // SQL with $1 = the owner, $2 = the approver
		from    string // the approver's address now
		device  string // the approver's device cookie
		held    bool
	}{
		{name: "approver answers from the owner's network", held: true,
			arrange: `INSERT INTO sign_ins (user_id, network) VALUES ($1, '203.0.113.7')`, from: "203.0.113.7"},
		{name: "approver signed in from it before", held: true,
			arrange: `INSERT INTO sign_ins (user_id, network, created_at) VALUES ($1, '198.51.100.9', ` + inside + `), ($2, '198.51.100.9', now() - interval '3 days')`,
			from:    "192.0.2.200"},
		{name: "the same IPv6 /64", held: true,
			arrange: `INSERT INTO sign_ins (user_id, network) VALUES ($1, '2001:db8:1:2::/64')`, from: "2001:db8:1:2::abcd"},
		{name: "a browser the owner signed in with", held: true,
			arrange: fmt.Sprintf(`INSERT INTO known_devices (token_hash, user_id) VALUES ('\x%x', $1)`, account.HashToken("olgas-laptop")),
			from:    "192.0.2.201", device: "olgas-laptop"},
		{name: "the owner's browser token presented at the approver's sign-in", held: true,
			arrange: fmt.Sprintf(`INSERT INTO known_devices (token_hash, user_id) VALUES ('\x%[1]x', $1);
				INSERT INTO sign_ins (user_id, network, device_hash) VALUES ($2, NULL, '\x%[1]x')`, account.HashToken("olgas-tablet")),
			from: "192.0.2.202"},
		{name: "the owner's network before the window", held: false,
			arrange: `INSERT INTO sign_ins (user_id, network, created_at) VALUES ($1, '192.0.2.10', ` + outside + `)`, from: "192.0.2.10"},
		{name: "the owner's browser unused for longer than the window", held: false,
			arrange: fmt.Sprintf(`INSERT INTO known_devices (token_hash, user_id, last_used_at) VALUES ('\x%x', $1, %s)`, account.HashToken("olgas-old-phone"), outside),
			from:    "192.0.2.203", device: "olgas-old-phone"},
		{name: "loopback tells nothing", held: false,
			arrange: `INSERT INTO sign_ins (user_id, network) VALUES ($1, NULL)`, from: "127.0.0.1"},
		{name: "elsewhere entirely", held: false, arrange: `SELECT $1::int, $2::int`, from: "192.0.2.99"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w.Exec(t, `DELETE FROM sign_ins; DELETE FROM known_devices`)
			approverName := fmt.Sprintf("approver%d", i)
			approver := w.Established(t, approverName, "tenant")
			for stmt := range strings.SplitSeq(c.arrange, ";") {
				if strings.TrimSpace(stmt) == "" {
					continue
				}
				switch owners, approvers := strings.Contains(stmt, "$1"), strings.Contains(stmt, "$2"); {
				case owners && approvers:
					w.Exec(t, stmt, olga, w.UserID(t, approverName))
				case owners:
					w.Exec(t, stmt, olga)
				default:
					w.Exec(t, strings.ReplaceAll(stmt, "$2", "$1"), w.UserID(t, approverName))
				}
			}
			flat := w.Property(t, "olga", "Flat for "+approverName)
			reqs := w.ask(t, owner, flat, approverName, "bystander")
			mine := reqs[1] // newest first: the bystander's, then the approver's
			res, err := w.verification.AnswerVerificationRequest(ctx, testworld.From(testworld.As(approver,
				&verificationv1.AnswerVerificationRequestRequest{Id: mine.Id, Status: "approved"}), c.from, c.device))
			if err != nil {
				t.Fatal(err)
			}
			a := res.Msg
			p := w.GetProperty(t, flat)
			if c.held {
				if a.Request.Status != "held" || a.Request.StatusReason != verification.HeldReason || a.PropertyVerified || p.Verified {
					t.Errorf("not held: status %q (%q), property verified %v/%v", a.Request.Status, a.Request.StatusReason, a.PropertyVerified, p.Verified)
				}
				// The bystander's request is still open: the property is not verified.
				if a, err := w.answer("token-bystander", reqs[0].Id, "rejected"); err != nil || a.Request.Status != "rejected" {
					t.Errorf("the other request: %v %v", a, err)
				}
			} else if a.Request.Status != "approved" || !a.PropertyVerified || !p.Verified || p.VerificationProof != "confirmed" {
				t.Errorf("held or not verified: status %q (%q), property verified %v/%v", a.Request.Status, a.Request.StatusReason, a.PropertyVerified, p.Verified)
			}
			// A held approval pays nobody until an administrator approves it (issue 25).
			want := int32(1)
			if c.held {
				want = 0
			}
			if a.TokensEarned != want || w.Balance(t, approver) != 10+want {
				t.Errorf("the answer earned %d, balance %d: want %d and %d", a.TokensEarned, w.Balance(t, approver), want, 10+want)
			}
		})
	}
}

// The signals come from real sign-ins: the owner registers in a browser from one address, the
// approver later signs up in that same browser from another; the approval is held.
func TestSharedBrowserAtSignInIsHeld(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{TrustedProxies: 1})
	ctx := context.Background()
	browser := testserver.Browser()
	w.Register(t, browser, "olga", "landlord", "203.0.113.20")
	w.Register(t, browser, "sockpuppet", "tenant", "198.51.100.30")
	// Registration opened each ledger with its 10 tokens and recorded each sign-in.
	var signIns int32
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM sign_ins s JOIN users u ON u.id = s.user_id
		WHERE (u.username = 'olga' AND s.network = '203.0.113.20' AND s.device_hash IS NULL)
		   OR (u.username = 'sockpuppet' AND s.network = '198.51.100.30' AND s.device_hash IS NOT NULL)`).Scan(&signIns); err != nil || signIns != 2 {
		t.Fatalf("sign-ins recorded: %d %v", signIns, err)
	}
	// Sessions of their own for the test, and a week passes for the approver.
	owner := w.Person(t, "olga", "landlord")
	approver := w.Member(t, "sockpuppet", "tenant")
	elsewhere := w.Property(t, "olga", "Elsewhere")
	w.Exec(t, `INSERT INTO reviews (property_id, user_id, rating, title, content) SELECT $1, id, 4, 'Fine place', 'A fine place to live for a year.' FROM users WHERE username = 'sockpuppet'`, elsewhere)

	flat := w.Property(t, "olga", "Garden flat")
	r := w.ask(t, owner, flat, "sockpuppet")[0]
	res, err := w.verification.AnswerVerificationRequest(ctx, testworld.From(testworld.As(approver,
		&verificationv1.AnswerVerificationRequestRequest{Id: r.Id, Status: "approved"}), "192.0.2.77", ""))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.Request.Status != "held" || res.Msg.PropertyVerified || w.GetProperty(t, flat).Verified {
		t.Errorf("an approval from the owner's browser: %v", res.Msg)
	}
	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger: %v", bad)
	}
}
