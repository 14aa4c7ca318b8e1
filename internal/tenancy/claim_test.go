package tenancy_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// Every refusal of a claim, with its message; a new claim waits for the owner only when the
// property is verified with a real proof (a demo listing's "owner" was never checked).
func TestClaimRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	owner := w.Member(t, "olga", "landlord")
	tina := w.Person(t, "tina", "tenant")
	verified := w.verified(t, "Verified flat", "confirmed")
	demo := w.verified(t, "Demo flat", "demo")
	plain := w.verified(t, "Plain flat", "")
	w.Exec(t, `UPDATE properties SET active = false WHERE id = $1`, w.verified(t, "Gone flat", ""))
	gone := w.ID(t, `SELECT id FROM properties WHERE title = 'Gone flat'`)
	now := time.Now().UTC()
	nextMonth := time.Date(now.Year(), now.Month()+1, 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	thisMonth := now.Format("2006-01")

	for _, c := range []struct {
		name, token string
		req         *tenancyv1.ClaimTenancyRequest
		want        string
	}{
		{"signed out", "", &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-01"},
			"unauthenticated: Please sign in to claim a tenancy."},
		{"no such property", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: 99999, FromMonth: "2023-01"},
			"not_found: Property Not Found"},
		{"an inactive property", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: gone, FromMonth: "2023-01"},
			"not_found: Property Not Found"},
		{"the owner", owner, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-01"},
			"permission_denied: You own this property: an owner cannot claim to have lived at their own listing."},
		{"no from month", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain},
			"invalid_argument: Please say from which month you lived there"},
		{"a from month that is no month", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-13"},
			"invalid_argument: From must be a month, as YYYY-MM"},
		{"a from month in the future", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: nextMonth},
			"invalid_argument: From cannot be in the future"},
		{"a to month in the future", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-01", ToMonth: nextMonth},
			"invalid_argument: To cannot be in the future"},
		{"a to month before the from month", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-05", ToMonth: "2023-04"},
			"invalid_argument: To cannot be before From"},
		{"a to month that is no month", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-05", ToMonth: "May 2024"},
			"invalid_argument: To must be a month, as YYYY-MM, or empty while you still live there"},
		{"a long message", tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2023-01", Message: strings.Repeat("x", 501)},
			"invalid_argument: Message must be at most 500 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.tenancy.ClaimTenancy(ctx, testworld.As(c.token, c.req))
			if got := testworld.Failure(err); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if n := w.ID(t, `SELECT count(*)::int FROM tenant_verifications`); n != 0 {
		t.Fatalf("%d claims filed by refused requests", n)
	}

	t.Run("stage follows the property's proof", func(t *testing.T) {
		for property, want := range map[int32]string{verified: "landlord", demo: "documents", plain: "documents"} {
			c := w.claim(t, tina, property)
			if c.Status != "pending" || c.Stage != want || c.FromMonth != "2023-01" || c.ToMonth != "" || c.Address == "" ||
				c.PropertyVerified != (want == "landlord") || c.TenantFirstName != "Tina" || c.TenantLastName != "T" {
				t.Errorf("claim on %d: %+v, want pending at stage %s", property, c, want)
			}
		}
	})
	t.Run("a month up to this one, ended", func(t *testing.T) {
		other := w.verified(t, "Other flat", "")
		res, err := w.tenancy.ClaimTenancy(ctx, testworld.As(tina, &tenancyv1.ClaimTenancyRequest{PropertyId: other, FromMonth: thisMonth, ToMonth: thisMonth}))
		if err != nil || res.Msg.Tenancy.ToMonth != thisMonth {
			t.Errorf("claim for this month: %v %v", res, err)
		}
	})
	t.Run("one open claim per member and property", func(t *testing.T) {
		_, err := w.tenancy.ClaimTenancy(ctx, testworld.As(tina, &tenancyv1.ClaimTenancyRequest{PropertyId: plain, FromMonth: "2022-01"}))
		if got := testworld.Failure(err); got != "already_exists: You already have an open or verified claim for this property: withdraw it before filing another." {
			t.Errorf("second claim: %s", got)
		}
		id := w.ID(t, `SELECT id FROM tenant_verifications WHERE property_id = $1`, plain)
		if _, err := w.tenancy.WithdrawTenancy(ctx, testworld.As(tina, &tenancyv1.WithdrawTenancyRequest{Id: id})); err != nil {
			t.Fatal(err)
		}
		w.claim(t, tina, plain) // a withdrawn claim can be filed again
	})
	t.Run("claims a day, even all at once", func(t *testing.T) {
		claimer := w.Person(t, "busy", "tenant")
		properties := make([]int32, 2*tenancy.MaxClaimsPerDay)
		for i := range properties {
			properties[i] = w.verified(t, fmt.Sprintf("Busy flat %d", i), "")
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		outcomes := map[string]int{}
		for _, p := range properties {
			wg.Go(func() {
				_, err := w.tenancy.ClaimTenancy(ctx, testworld.As(claimer, &tenancyv1.ClaimTenancyRequest{PropertyId: p, FromMonth: "2023-01"}))
				mu.Lock()
				outcomes[testworld.Failure(err)]++
				mu.Unlock()
			})
		}
		wg.Wait()
		refused := fmt.Sprintf("resource_exhausted: You can claim at most %d tenancies in 24 hours. Please try again later.", tenancy.MaxClaimsPerDay)
		if outcomes["ok"] != tenancy.MaxClaimsPerDay || outcomes[refused] != tenancy.MaxClaimsPerDay {
			t.Errorf("%d claims at once: %v", len(properties), outcomes)
		}
		if n := w.ID(t, `SELECT count(*)::int FROM tenant_verifications WHERE tenant_id = (SELECT id FROM users WHERE username = 'busy')`); n != int32(tenancy.MaxClaimsPerDay) {
			t.Errorf("%d claims filed", n)
		}
	})
	t.Run("reading a claim", func(t *testing.T) {
		id := w.ID(t, `SELECT id FROM tenant_verifications WHERE property_id = $1`, verified)
		stranger := w.Person(t, "stranger", "tenant")
		_, err := w.tenancy.GetTenancy(ctx, testworld.As(stranger, &tenancyv1.GetTenancyRequest{Id: id}))
		if got := testworld.Failure(err); got != "not_found: Tenancy claim not found." {
			t.Errorf("a stranger reads a claim: %s", got)
		}
		if c := w.get(t, owner, id); c.TenantUsername != "" || c.OwnerUsername != "" {
			t.Errorf("the owner reads usernames: %+v", c)
		}
		mine, err := w.tenancy.ListMyTenancies(ctx, testworld.As(tina, &tenancyv1.ListMyTenanciesRequest{}))
		if err != nil || len(mine.Msg.Tenancies) != 5 { // verified, demo, plain (withdrawn and again), other
			t.Errorf("tina's claims: %v %v", mine, err)
		}
		claims, err := w.tenancy.ListTenancyClaims(ctx, testworld.As(owner, &tenancyv1.ListTenancyClaimsRequest{PropertyId: verified}))
		if err != nil || len(claims.Msg.Tenancies) != 1 || claims.Msg.Tenancies[0].Id != id {
			t.Errorf("the owner's claims on the verified flat: %v %v", claims, err)
		}
		_, err = w.tenancy.ListTenancyClaims(ctx, testworld.As(tina, &tenancyv1.ListTenancyClaimsRequest{PropertyId: verified}))
		if got := testworld.Failure(err); got != "permission_denied: Only the property's owner can see the tenancy claims on it." {
			t.Errorf("a tenant lists another's claims: %s", got)
		}
	})
}

// The administrator's message with a decision is written to the tenant ("Message to the tenant")
// and may speak of their documents: the owner reads the decision, not the message, in the claim
// and in the list of claims on their properties.
func TestOwnersDoNotReadTheMessageToTheTenant(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	olga := w.Member(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	tina := w.Person(t, "tina", "tenant")
	c := w.claim(t, tina, w.verified(t, "Olga's flat", ""))
	if status, msg := w.upload(t, tina, c.Id, "lease", map[string][]byte{"lease.pdf": pdf("tina's lease")}); status != http.StatusOK {
		t.Fatalf("upload: %d %s", status, msg)
	}
	if _, err := w.decide(admin, c.Id, true, "The lease names you and your rent of 900."); err != nil {
		t.Fatal(err)
	}
	if got := w.get(t, tina, c.Id); got.Status != "approved" || got.ResponseMessage != "The lease names you and your rent of 900." {
		t.Errorf("the tenant reads %q (%s)", got.ResponseMessage, got.Status)
	}
	if got := w.get(t, admin, c.Id); got.ResponseMessage == "" {
		t.Error("administrators read no message")
	}
	if got := w.get(t, olga, c.Id); got.Status != "approved" || got.ResponseMessage != "" {
		t.Errorf("the owner reads %q (%s)", got.ResponseMessage, got.Status)
	}
	res, err := w.tenancy.ListTenancyClaims(context.Background(), testworld.As(olga, &tenancyv1.ListTenancyClaimsRequest{}))
	if err != nil || len(res.Msg.Tenancies) != 1 {
		t.Fatalf("the owner's claims: %v %v", res, err)
	}
	if got := res.Msg.Tenancies[0].ResponseMessage; got != "" {
		t.Errorf("the owner's list reads %q", got)
	}
}
