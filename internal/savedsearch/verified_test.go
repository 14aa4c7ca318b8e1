package savedsearch_test

import (
	"context"
	"testing"

	savedsearchv1 "github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A listing that gains its badge after it was listed is matched again: a search for verified
// properties only hears of it then, once, and a search that heard of it at listing is not told
// again.
func TestBadgeMatchesVerifiedOnlySearches(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	w.places(t)
	verifications := verificationv1connect.NewVerificationServiceClient(w.Client, w.URL)
	lou := w.Established(t, "lou", "landlord")
	vera := w.Established(t, "vera", "tenant")
	for name, req := range map[string]*savedsearchv1.CreateSavedSearchRequest{
		"ann": {Name: "Verified London", City: "London", VerifiedOnly: true},
		"bob": {Name: "Any London", City: "London"},
	} {
		w.save(t, w.Member(t, name, "tenant"), req)
	}

	flat := w.list(t, lou, listing("Garden flat by the park", w.image(t, lou)))
	w.drain(t)
	if ann, bob := w.matches(t, "ann"), w.matches(t, "bob"); ann != 0 || bob != 1 {
		t.Fatalf("listed unverified: ann told %d times, bob %d; want 0 and 1", ann, bob)
	}

	asked, err := verifications.CreateVerificationRequest(ctx, testworld.As(lou,
		&verificationv1.CreateVerificationRequestRequest{PropertyId: flat, VerifierUsernames: []string{"vera"}, Message: "Please confirm"}))
	if err != nil {
		t.Fatal(err)
	}
	answered, err := verifications.AnswerVerificationRequest(ctx, testworld.As(vera,
		&verificationv1.AnswerVerificationRequestRequest{Id: asked.Msg.Requests[0].Id, Status: "approved"}))
	if err != nil || !answered.Msg.PropertyVerified {
		t.Fatalf("vera's approval: %v, %v", answered, err)
	}
	w.drain(t)
	if ann, bob := w.matches(t, "ann"), w.matches(t, "bob"); ann != 1 || bob != 1 {
		t.Errorf("verified: ann told %d times, bob %d; want 1 each", ann, bob)
	}
}
