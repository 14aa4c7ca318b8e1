package tenancy

import "time"

// The figures of tenancies, in one place. The pages quote the first two; they are meant to be
// read from the contract's published rules (vocab.Published) once it declares them.
var (
	// MaxConfirmations is how many tenancies an owner may confirm in ConfirmationWindow before
	// the rest wait for an administrator: a verified owner confirming a stream of tenants (sock
	// puppets, or reviews for hire) is checked by a person.
	MaxConfirmations = 5
	// ConfirmationWindowDays is the window MaxConfirmations counts in.
	ConfirmationWindowDays = 30
	// DocumentRetentionDays is how many days a tenant's documents are kept after their claim's
	// decision: then their files are deleted (the rows, their hashes and the decision stay).
	DocumentRetentionDays = 30
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
