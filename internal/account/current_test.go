package account_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
)

const (
	accountService      = "/rentproof.account.v1.AccountService/"
	accountEmailService = "/rentproof.account.v1.AccountEmailService/"
)

// A signed-out visitor is an answer, not an error, on Connect (a browser logs every 4xx it
// gets); the REST path for older clients keeps SPEC §7's 401.
func TestCurrentUserSignedOut(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)

	// Every field is written (wirejson); a message field without a value is null.
	if r := a.post(accountService+"GetCurrentUser", map[string]any{}); r.status != http.StatusOK || strings.TrimSpace(r.raw) != `{"user":null,"unreadNotifications":0}` {
		t.Errorf("Connect signed out: %d %s", r.status, r.raw)
	}
	client := accountv1connect.NewAccountServiceClient(a.client, srv.URL)
	res, err := client.GetCurrentUser(context.Background(), connect.NewRequest(&accountv1.GetCurrentUserRequest{}))
	if err != nil || res.Msg.User != nil {
		t.Errorf("Connect client signed out: %v %v", res, err)
	}
	if r := a.get("/api/user"); r.status != http.StatusUnauthorized || strings.TrimSpace(r.raw) != `{"message":"You are not signed in"}` {
		t.Errorf("REST signed out: %d %s", r.status, r.raw)
	}

	a.post("/api/register", registration("hopper"))
	res, err = client.GetCurrentUser(context.Background(), connect.NewRequest(&accountv1.GetCurrentUserRequest{}))
	if err != nil || res.Msg.GetUser().GetUsername() != "hopper" {
		t.Errorf("Connect signed in: %v %v", res, err)
	}
	// The answer says whether the role may list (property.CanList), so pages need no rules of
	// their own to offer "Add Your Property": a tenant may not.
	if res.Msg.GetUser().GetCanListProperties() {
		t.Error("a tenant is told they may list properties")
	}
	if r := a.get("/api/user"); r.status != http.StatusOK || r.body["username"] != "hopper" {
		t.Errorf("REST signed in: %d %s", r.status, r.raw)
	}

	a.post("/api/logout", nil)
	landlord := registration("lister")
	landlord["role"] = "landlord"
	a.post("/api/register", landlord)
	res, err = client.GetCurrentUser(context.Background(), connect.NewRequest(&accountv1.GetCurrentUserRequest{}))
	if err != nil || !res.Msg.GetUser().GetCanListProperties() {
		t.Errorf("a landlord is not told they may list properties: %v %v", res, err)
	}

	a.post("/api/logout", nil)
	res, err = client.GetCurrentUser(context.Background(), connect.NewRequest(&accountv1.GetCurrentUserRequest{}))
	if err != nil || res.Msg.User != nil {
		t.Errorf("Connect after sign-out: %v %v", res, err)
	}
}

// The form shows the questions a user chose; the answers never leave the server.
func TestGetSecurityQuestions(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	client := accountv1connect.NewAccountServiceClient(a.client, srv.URL)
	get := func() (*accountv1.GetSecurityQuestionsResponse, error) {
		res, err := client.GetSecurityQuestions(context.Background(), connect.NewRequest(&accountv1.GetSecurityQuestionsRequest{}))
		if err != nil {
			return nil, err
		}
		return res.Msg, nil
	}

	if _, err := get(); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("signed out: %v", err)
	}
	a.post("/api/register", registration("lamarr"))
	if got, err := get(); err != nil || got.GetSecurityQuestion1() != "" || got.GetSecurityQuestion2() != "" {
		t.Errorf("none set: %v %v", got, err)
	}
	a.post("/api/security-questions", questions("Rex", "Vienna"))
	if got, err := get(); err != nil || got.GetSecurityQuestion1() != q1 || got.GetSecurityQuestion2() != q2 {
		t.Errorf("set: %v %v", got, err)
	}
	// On the wire: the two questions and nothing else (no answer, no hash).
	r := a.post(accountService+"GetSecurityQuestions", map[string]any{})
	if r.status != http.StatusOK || len(r.body) != 2 || strings.Contains(r.raw, "Rex") || strings.Contains(r.raw, "Vienna") ||
		strings.Contains(r.raw, "argon2") {
		t.Errorf("wire answer: %d %s", r.status, r.raw)
	}

	// Another account sees its own (none), never the first one's.
	b := newAPI(t, srv)
	b.post("/api/register", registration("curie2"))
	other := accountv1connect.NewAccountServiceClient(b.client, srv.URL)
	res, err := other.GetSecurityQuestions(context.Background(), connect.NewRequest(&accountv1.GetSecurityQuestionsRequest{}))
	if err != nil || res.Msg.GetSecurityQuestion1() != "" {
		t.Errorf("another account: %v %v", res, err)
	}
}
