package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
)

// Issue 13's migrations on a database an older server filled: the verified listings (only demo
// data could verify one) get their demo proof and audit row, old requests an expiry, the
// sessions still stored become the sign-in history (loopback left out), and every balance the
// ledger did not explain gets the row that does.
func TestVerificationMigrationsKeepStoredData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, dbURL := dbtest.NewBefore(t, "20261123000200")
	for _, sql := range []string{
		`INSERT INTO users (id, username, password_hash, email, first_name, last_name, role, tokens) VALUES
			(1, 'olga', 'x', 'olga@example.com', 'O', 'L', 'landlord', 10),
			(2, 'tina', 'x', 'tina@example.com', 'T', 'N', 'tenant', 10),
			(3, 'bench1', 'x', 'bench1@example.com', 'B', 'U', 'tenant', 10),
			(4, 'odd', 'x', 'odd@example.com', 'O', 'D', 'tenant', 12)`,
		`INSERT INTO token_transactions (user_id, amount, transaction_type, description) VALUES
			(1, 10, 'initial_allocation', 'Welcome'), (2, 10, 'initial_allocation', 'Welcome'), (4, 10, 'initial_allocation', 'Welcome')`,
		`INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug, verified) VALUES
			(1, 'Demo villa', '1 Main St', 'Leeds', 'villa', 900, 1, 'demo-villa-1', true),
			(2, 'Plain flat', '2 Main St', 'Leeds', 'apartment', 800, 1, 'plain-flat-2', false)`,
		`INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, created_at)
			VALUES (2, 1, 2, now() - interval '40 days')`,
		`INSERT INTO sessions (user_id, token_hash, expires_at, client_ip) VALUES
			(1, 'a', now() + interval '1 day', '203.0.113.7'),
			(1, 'b', now() + interval '1 day', '2001:db8:1:2::99'),
			(2, 'c', now() + interval '1 day', '127.0.0.1'),
			(2, 'd', now() + interval '1 day', NULL)`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if err := store.Migrate(ctx, pool, dbURL); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ sql, want string }{
		"proofs": {`SELECT string_agg(id || ':' || verified || ':' || coalesce(verification_proof, '-') || ':' || verification_confirmations, ' ' ORDER BY id) FROM properties`,
			"1:true:demo:0 2:false:-:0"},
		"audit trail": {`SELECT string_agg(property_id || ':' || proof || ':' || (withdrawn_at IS NULL), ' ') FROM property_verifications`, "1:demo:true"},
		"old request": {`SELECT status || ':' || (expires_at = created_at + interval '30 days') || ':' || verification_request_state(status, expires_at) FROM verification_requests`,
			"pending:true:expired"},
		"sign-ins": {`SELECT string_agg(user_id || ':' || network, ' ' ORDER BY network) FROM sign_ins`, "1:2001:db8:1:2::/64 1:203.0.113.7"},
		"ledger": {`SELECT string_agg(u.id || ':' || u.tokens || '=' || (SELECT sum(amount) FROM token_transactions WHERE user_id = u.id)
			|| ':' || (SELECT string_agg(transaction_type, ',' ORDER BY id) FROM token_transactions WHERE user_id = u.id), ' ' ORDER BY u.id) FROM users u`,
			"1:10=10:initial_allocation 2:10=10:initial_allocation 3:10=10:initial_allocation 4:12=12:initial_allocation,other"},
	} {
		t.Run(name, func(t *testing.T) {
			var got string
			if err := pool.QueryRow(ctx, c.sql).Scan(&got); err != nil || got != c.want {
				t.Errorf("got %q (%v), want %q", got, err, c.want)
			}
		})
	}
	// Verified without a proof can no longer be stored.
	_, err := pool.Exec(ctx, `UPDATE properties SET verified = true WHERE id = 2`)
	if err == nil || !strings.Contains(err.Error(), "properties_verified_has_proof") {
		t.Errorf("verified without proof: %v", err)
	}
}
