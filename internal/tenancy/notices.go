package tenancy

import (
	"context"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/notify"
)

// Where owners and tenants see claims.
const (
	ClaimsLink    = "/dashboard?tab=claims"
	TenanciesLink = "/dashboard?tab=tenancies"
)

// notice is what a tenancy notification says, given the claim as notifications name it.
type notice func(c db.GetTenancyNoticeRow) (title, body string)

// notifyOwner tells the owner of claim id about it, in the caller's transaction.
func notifyOwner(ctx context.Context, q *db.Queries, id int32, kind string, say notice) error {
	c, err := q.GetTenancyNotice(ctx, id)
	if err != nil {
		return fmt.Errorf("tenancy %d for its notification: %w", id, err)
	}
	title, body := say(c)
	return notify.Send(ctx, q, notify.Notice{
		UserID: c.LandlordID, Category: notify.Tenancies, Kind: kind, Title: title, Body: body,
		Link: ClaimsLink, Action: "View the claim",
	})
}

// notifyTenant tells the tenant of claim id what became of it, in the caller's transaction.
func notifyTenant(ctx context.Context, q *db.Queries, id int32, kind string, say notice) error {
	c, err := q.GetTenancyNotice(ctx, id)
	if err != nil {
		return fmt.Errorf("tenancy %d for its notification: %w", id, err)
	}
	if c.TenantID == nil { // the account is gone
		return nil
	}
	title, body := say(c)
	return notify.Send(ctx, q, notify.Notice{
		UserID: *c.TenantID, Category: notify.Tenancies, Kind: kind, Title: title, Body: body,
		Link: TenanciesLink, Action: "View your tenancies",
	})
}

// wrote quotes a message ("" when there is none).
func wrote(who, message string) string {
	if message == "" {
		return ""
	}
	return fmt.Sprintf(" %s wrote: “%s”", who, message)
}

func claimReceived(c db.GetTenancyNoticeRow) (string, string) {
	body := "Confirm it, or say you cannot, under Tenancy Claims on your dashboard."
	if c.Stage != StageLandlord {
		body = "Your property cannot confirm tenancies yet, so they will send documents for an administrator to check. You can see the claim under Tenancy Claims."
	}
	return fmt.Sprintf("%s says they lived at %s", tenantName(c), c.Title), body
}

// tenantName names the claim's tenant to its owner as the claim does, first name and last
// initial ("Tina T."): their username is for administrators only.
func tenantName(c db.GetTenancyNoticeRow) string {
	if initial := identity.PublicLastName(c.TenantLastName); initial != "" {
		return c.TenantFirstName + " " + initial + "."
	}
	return c.TenantFirstName
}

func confirmedHeld(c db.GetTenancyNoticeRow) (string, string) {
	return "The owner confirmed your tenancy at " + c.Title, "It is waiting for an administrator's check."
}

func confirmedVerified(c db.GetTenancyNoticeRow) (string, string) {
	return "Your tenancy at " + c.Title + " is verified", "The owner confirmed it."
}

func sentToDocuments(message string) notice {
	return func(c db.GetTenancyNoticeRow) (string, string) {
		return "The owner of " + c.Title + " could not confirm your tenancy",
			"Send documents for an administrator to check instead." + wrote("The owner", message)
	}
}

func unvouched(c db.GetTenancyNoticeRow) (string, string) {
	body := "Send documents for an administrator to check instead."
	if c.Stage == StageAdministrator {
		body = "An administrator will check the documents you sent instead."
	}
	return "The owner of " + c.Title + " can no longer confirm your tenancy", "The property's verification was withdrawn. " + body
}

func approved(message string) notice {
	return func(c db.GetTenancyNoticeRow) (string, string) {
		return "Your tenancy at " + c.Title + " is verified", "An administrator approved it." + wrote("They", message)
	}
}

func rejected(message string) notice {
	return func(c db.GetTenancyNoticeRow) (string, string) {
		return "Your tenancy claim for " + c.Title + " was rejected", strings.TrimSpace(wrote("An administrator", message))
	}
}

func revoked(reason string) notice {
	return func(c db.GetTenancyNoticeRow) (string, string) {
		return "The verification of your tenancy at " + c.Title + " was revoked", "Reason: " + reason
	}
}
