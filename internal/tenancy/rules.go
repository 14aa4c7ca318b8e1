package tenancy

import (
	"time"

	"github.com/rentproof/rentproof/internal/vocab"
)

// published are the figures of tenancies the contract declares (rules.proto), which the pages
// quote. The database holds two more, reveal_days and review_years_after, in the triggers that
// label reviews; internal/review's TestBlindReveal and TestReviewWindowIsTheContracts keep those
// in step.
var published = vocab.Published.GetTenancy()

// The figures of tenancies, in one place.
var (
	// MaxConfirmations is how many tenancies an owner may confirm in ConfirmationWindow before
	// the rest wait for an administrator: a verified owner confirming a stream of tenants (sock
	// puppets, or reviews for hire) is checked by a person.
	MaxConfirmations = int(published.GetMaxOwnerConfirmations())
	// ConfirmationWindowDays is the window MaxConfirmations counts in.
	ConfirmationWindowDays = int(published.GetOwnerConfirmationsDays())
	// DocumentRetentionDays is how many days a tenant's documents are kept after their claim's
	// decision: then their files are deleted (the rows, their hashes and the decision stay).
	DocumentRetentionDays = int(published.GetDocumentRetentionDays())
	// MaxClaimsPerDay bounds how many claims one account files in ClaimWindow.
	MaxClaimsPerDay = 10
	// ClaimWindow is the window MaxClaimsPerDay counts in.
	ClaimWindow = 24 * time.Hour
	// MaxDocumentsPerClaim bounds the documents sent with one claim, all uploads together.
	MaxDocumentsPerClaim = 10
	// MaxMessage is the longest a claim's note, an owner's message and an administrator's
	// message may be, in characters.
	MaxMessage = 500
)
