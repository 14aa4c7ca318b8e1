package verification_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// client opens as many connections as the goroutines of a test want.
func client() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}
}

// 100 parallel approvals of one request: one answer, one reward.
func TestParallelApprovalsOfOneRequestCreditOnce(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	w := worldOf(srv, client())
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	vera := w.Established(t, "vera", "tenant")
	r := w.ask(t, owner, flat, "vera")[0]

	const n = 100
	outcomes := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			_, err := w.answer(vera, r.Id, "approved")
			outcomes[i] = testworld.Failure(err)
		})
	}
	wg.Wait()
	counts := map[string]int{}
	for _, o := range outcomes {
		counts[o]++
	}
	if counts["ok"] != 1 || counts["failed_precondition: This request has already been answered."] != n-1 {
		t.Errorf("outcomes: %v", counts)
	}
	if got := w.Balance(t, vera); got != 11 {
		t.Errorf("balance %d, want 11", got)
	}
	rewards := w.ID(t, `SELECT count(*) FROM token_transactions WHERE transaction_type = 'verification_reward'
		AND related_entity_type = 'verification_request' AND related_entity_id = $1`, r.Id)
	completed := w.ID(t, `SELECT count(*) FROM user_activities WHERE activity_type = 'verification_completed' AND entity_type = 'verification'`)
	confirmations := w.GetProperty(t, flat).VerificationConfirmations
	if rewards != 1 || completed != 1 || confirmations != 1 {
		t.Errorf("%d rewards, %d activities, %d confirmations: want one of each", rewards, completed, confirmations)
	}
}

// 1,000 parallel answers across 250 properties (four requests each, half from their owners and
// half from the property page, some of those from verifiers of other requests): every balance stays the sum of its ledger and none
// goes negative, across the whole database (the demo accounts included); each answered request
// paid its verifier once, each verified property its page requester once, and a property
// verified by one approval closed its other requests.
func TestThousandParallelAnswersKeepEveryBalanceTheSumOfItsLedger(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true})
	w := worldOf(srv, client())
	const properties, perProperty, verifiers = 250, 4, 100
	w.Exec(t, fmt.Sprintf(`
		INSERT INTO users (username, password_hash, email, first_name, last_name, role, created_at)
		SELECT 'verifier' || i, 'x', 'verifier' || i || '@example.com', 'Vera', 'Fier', 'landlord', now() - interval '8 days'
		FROM generate_series(0, %[1]d - 1) i
		UNION ALL SELECT 'requester' || i, 'x', 'requester' || i || '@example.com', 'Rick', 'Quest', 'tenant', now()
		FROM generate_series(0, 19) i
		UNION ALL SELECT 'owner' || i, 'x', 'owner' || i || '@example.com', 'Owen', 'Er', 'landlord', now()
		FROM generate_series(0, 9) i;
		INSERT INTO token_transactions (user_id, amount, transaction_type, related_entity_type, description)
		SELECT u.id, u.tokens, 'initial_allocation', 'system', 'Welcome tokens for joining RentProof' FROM users u
		WHERE NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.user_id = u.id);
		INSERT INTO sessions (user_id, token_hash, expires_at)
		SELECT id, sha256(convert_to('token-' || username, 'UTF8')), now() + interval '1 day' FROM users WHERE username LIKE 'verifier%%';
		INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		SELECT 1, id, 4, 'Fine place', 'A fine place to live for a year.', 'general' FROM users WHERE username LIKE 'verifier%%';
		INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Parallel flat ' || p, p || ' Race St', 'Leeds', 'apartment', 900,
			(SELECT id FROM users WHERE username = 'owner' || (p %% 10)), 'parallel-' || p
		FROM generate_series(0, %[2]d - 1) p;
		INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message)
		SELECT pr.id,
			CASE WHEN k %% 2 = 0 THEN pr.landlord_id
				WHEN k = 1 THEN (SELECT id FROM users WHERE username = 'requester' || (p %% 20))
				-- a verifier of other requests, so rewards cross between accounts in both directions
				ELSE (SELECT id FROM users WHERE username = 'verifier' || ((p * %[3]d + k + 50) %% %[1]d)) END,
			(SELECT id FROM users WHERE username = 'verifier' || ((p * %[3]d + k) %% %[1]d)), 'Parallel'
		FROM generate_series(0, %[2]d - 1) p
		JOIN properties pr ON pr.slug = 'parallel-' || p
		CROSS JOIN generate_series(0, %[3]d - 1) k`, verifiers, properties, perProperty))

	// Each property's last request is rejected, the others approved (the first approval wins).
	rows, err := srv.Pool.Query(context.Background(), `SELECT r.id, u.username,
		row_number() OVER (PARTITION BY r.property_id ORDER BY r.id) = $1 AS reject
		FROM verification_requests r JOIN users u ON u.id = r.requested_to_id`, perProperty)
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		id       int32
		verifier string
		reject   bool
	}
	var jobs []job
	for rows.Next() {
		var j job
		if err := rows.Scan(&j.id, &j.verifier, &j.reject); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
	rows.Close()
	if len(jobs) != properties*perProperty {
		t.Fatalf("%d requests, want %d", len(jobs), properties*perProperty)
	}

	outcomes := make([]string, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		status := "approved"
		if j.reject {
			status = "rejected"
		}
		wg.Go(func() {
			_, err := w.answer("token-"+j.verifier, j.id, status)
			outcomes[i] = testworld.Failure(err)
		})
	}
	wg.Wait()
	counts := map[string]int{}
	for _, o := range outcomes {
		counts[o]++
	}
	closed := "failed_precondition: This request was closed: the property was verified through another request."
	if counts["ok"]+counts[closed] != len(jobs) || counts["ok"] < properties {
		t.Errorf("outcomes: %v", counts)
	}

	if bad := w.LedgerMismatches(t); len(bad) > 0 {
		t.Errorf("balances that are not the sum of their ledger, or negative: %v", bad)
	}
	demo := w.ID(t, `SELECT count(*) FROM users WHERE username NOT LIKE 'verifier%' AND username NOT LIKE 'requester%'
		AND username NOT LIKE 'owner%'`)
	if demo == 0 {
		t.Error("the demo accounts are missing from the whole-database check")
	}
	var checks struct{ answeredUnpaid, paidTwice, closedPaid, verified, confirmedWrong, requesterRewards, pageVerified, pendingLeft int32 }
	if err := srv.Pool.QueryRow(context.Background(), `
		WITH rewards AS (
			SELECT related_entity_id AS request_id, user_id, count(*) AS n FROM token_transactions
			WHERE transaction_type = 'verification_reward' GROUP BY 1, 2)
		SELECT
			(SELECT count(*) FROM verification_requests r WHERE r.status IN ('approved', 'rejected')
				AND NOT EXISTS (SELECT 1 FROM rewards w WHERE w.request_id = r.id AND w.user_id = r.requested_to_id)),
			(SELECT count(*) FROM rewards WHERE n > 1),
			(SELECT count(*) FROM verification_requests r WHERE r.status = 'closed'
				AND EXISTS (SELECT 1 FROM rewards w WHERE w.request_id = r.id)),
			(SELECT count(*) FROM properties WHERE slug LIKE 'parallel-%' AND verified),
			(SELECT count(*) FROM properties p WHERE slug LIKE 'parallel-%' AND (p.verified <> EXISTS (
				SELECT 1 FROM verification_requests r WHERE r.property_id = p.id AND r.status = 'approved')
				OR p.verification_confirmations <> (SELECT count(*) FROM verification_requests r WHERE r.property_id = p.id AND r.status = 'approved'))),
			(SELECT count(*) FROM rewards w JOIN verification_requests r ON r.id = w.request_id WHERE w.user_id = r.requested_by_id),
			(SELECT count(*) FROM verification_requests r JOIN properties p ON p.id = r.property_id
				WHERE r.status = 'approved' AND r.requested_by_id <> p.landlord_id),
			(SELECT count(*) FROM verification_requests WHERE status = 'pending')`).Scan(
		&checks.answeredUnpaid, &checks.paidTwice, &checks.closedPaid, &checks.verified, &checks.confirmedWrong,
		&checks.requesterRewards, &checks.pageVerified, &checks.pendingLeft); err != nil {
		t.Fatal(err)
	}
	if checks.answeredUnpaid != 0 || checks.paidTwice != 0 || checks.closedPaid != 0 || checks.confirmedWrong != 0 ||
		checks.verified != properties || checks.requesterRewards != checks.pageVerified || checks.pendingLeft != 0 {
		t.Errorf("after the answers: %+v (want %d verified, requester rewards = page-path approvals, the rest 0)", checks, properties)
	}
}
