package verification_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a server with clients of the services under test; olga owns the properties it lists.
type world struct {
	*testworld.World
	verification verificationv1connect.VerificationServiceClient
	tokens       tokenv1connect.TokenServiceClient
	properties   propertyv1connect.PropertyServiceClient
}

func newWorld(t *testing.T) *world {
	t.Helper()
	return newWorldWith(t, testserver.Options{})
}

func newWorldWith(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	srv := testserver.Start(t, opts)
	return worldOf(srv, http.DefaultClient)
}

// worldOf is the world of srv whose clients send through client.
func worldOf(srv *testserver.Server, client connect.HTTPClient) *world {
	return &world{
		World:        &testworld.World{Server: srv},
		verification: verificationv1connect.NewVerificationServiceClient(client, srv.URL),
		tokens:       tokenv1connect.NewTokenServiceClient(client, srv.URL),
		properties:   propertyv1connect.NewPropertyServiceClient(client, srv.URL),
	}
}

// ask sends the owner's (landlord path) request to verifiers.
func (w *world) ask(t *testing.T, token string, propertyID int32, verifiers ...string) []*verificationv1.VerificationRequest {
	t.Helper()
	res, err := w.verification.CreateVerificationRequest(context.Background(), testworld.As(token,
		&verificationv1.CreateVerificationRequestRequest{PropertyId: propertyID, VerifierUsernames: verifiers, Message: "Please confirm"}))
	if err != nil {
		t.Fatalf("ask %v about %d: %v", verifiers, propertyID, err)
	}
	return res.Msg.Requests
}

// answer answers request id as token.
func (w *world) answer(token string, id int32, status string) (*verificationv1.AnswerVerificationRequestResponse, error) {
	res, err := w.verification.AnswerVerificationRequest(context.Background(), testworld.As(token,
		&verificationv1.AnswerVerificationRequestRequest{Id: id, Status: status}))
	if err != nil {
		return nil, err
	}
	return res.Msg, nil
}

func long(n int) string { return strings.Repeat("x", n) }
