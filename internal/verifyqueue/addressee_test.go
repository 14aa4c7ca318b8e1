package verifyqueue_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// An administrator's message with a decision on a held approval is written to the owner ("Message
// to the owner" in /admin, DecideRequestRequest.message) and may speak of what linked the
// accounts: the request's sender reads it, the verifier whose approval was held reads the
// decision only, in the Connect list, the REST one and their data export alike. What the owner decided on a
// confirmation stays readable to its verifier.
func TestVerifiersDoNotReadTheMessageToTheOwner(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	olga := w.Person(t, "olga", "landlord")
	vera := w.Established(t, "vera", "tenant")
	adaID := w.ID(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('ada', 'x', 'ada@example.com', 'Ada', 'A', 'admin') RETURNING id`)
	ctx := identity.WithSession(context.Background(), identity.Session{ID: 1, User: identity.User{ID: adaID, Username: "ada", Role: "admin"}})
	const message = "Vera signed in from your home network twice this month, so her approval cannot count."
	held := w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, status, status_reason)
		SELECT p.id, p.landlord_id, v.id, 'held', 'Approved. Waiting for an administrator' FROM properties p, users v
		WHERE p.id = $1 AND v.username = 'vera' RETURNING id`, w.Property(t, "olga", "Held flat"))
	if _, err := verifyqueue.NewService(w.Pool, nil).Decide(ctx, held, verifyqueue.Reject, message); err != nil {
		t.Fatal(err)
	}
	sent, err := w.verification.ListCreatedVerificationRequests(context.Background(), testworld.As(olga, &verificationv1.ListCreatedVerificationRequestsRequest{}))
	if err != nil || len(sent.Msg.Requests) != 1 || sent.Msg.Requests[0].StatusReason != message {
		t.Errorf("the owner's sent requests: %v %v", sent, err)
	}
	received, err := w.verification.ListReceivedVerificationRequests(context.Background(), testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{}))
	if err != nil || len(received.Msg.Requests) != 1 {
		t.Fatalf("the verifier's requests: %v %v", received, err)
	}
	if got := received.Msg.Requests[0]; got.Status != "rejected" || got.StatusReason != "" {
		t.Errorf("the verifier reads %q (%s)", got.StatusReason, got.Status)
	}
	if status, _, body := testworld.Send(t, http.MethodGet, w.URL+"/api/verification-requests/received", vera, "", nil); status != http.StatusOK || strings.Contains(body, "home network") {
		t.Errorf("GET /api/verification-requests/received: %d %s", status, body)
	}
	if got := w.exported(t, vera, "verification_requests.json"); strings.Contains(got, "home network") || !strings.Contains(got, `"status": "rejected"`) {
		t.Errorf("the verifier's export: %s", got)
	}
	if got := w.exported(t, olga, "verification_requests.json"); !strings.Contains(got, "home network") {
		t.Errorf("the owner's export: %s", got)
	}

	// The owner declined a confirmation: its verifier reads that they did.
	w.Person(t, "tom", "tenant")
	w.Exec(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, status, status_reason)
		SELECT $1, t.id, v.id, 'declined', 'Declined by the property''s owner.' FROM users t, users v WHERE t.username = 'tom' AND v.username = 'vera'`,
		w.Property(t, "olga", "Declined flat"))
	received, err = w.verification.ListReceivedVerificationRequests(context.Background(), testworld.As(vera, &verificationv1.ListReceivedVerificationRequestsRequest{}))
	if err != nil || len(received.Msg.Requests) != 2 || received.Msg.Requests[0].StatusReason != "Declined by the property's owner." {
		t.Errorf("the verifier's declined confirmation: %v %v", received, err)
	}
}

// exported builds a data export for token and returns one file of it.
func (w *world) exported(t *testing.T, token, file string) string {
	t.Helper()
	exports := accountv1connect.NewDataExportServiceClient(http.DefaultClient, w.URL)
	if _, err := exports.RequestDataExport(context.Background(), testworld.As(token, &accountv1.RequestDataExportRequest{})); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Exports.BuildDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	list, err := exports.ListDataExports(context.Background(), testworld.As(token, &accountv1.ListDataExportsRequest{}))
	if err != nil || len(list.Msg.Exports) == 0 || list.Msg.Exports[0].DownloadUrl == "" {
		t.Fatalf("exports: %v %v", list, err)
	}
	status, _, body := testworld.Send(t, http.MethodGet, w.URL+list.Msg.Exports[0].DownloadUrl, token, "", nil)
	if status != http.StatusOK {
		t.Fatalf("download: %d", status)
	}
	z, err := zip.NewReader(bytes.NewReader([]byte(body)), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := z.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
