package verification_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/testworld"
)

// call sends a REST request as token and decodes the JSON answer into out.
func call(t *testing.T, w *world, method, path, token, body string, out any) (int, http.Header) {
	t.Helper()
	status, header, raw := testworld.Send(t, method, w.URL+path, token, "application/json", strings.NewReader(body))
	if err := json.Unmarshal([]byte(raw), out); err != nil {
		t.Fatalf("%s %s: %d %s: %v", method, path, status, raw, err)
	}
	return status, header
}

// SPEC §7's paths: the property page's and the landlord screen's payloads, both lists, the
// PATCH answer, the balance and the transactions, and the refusals with their statuses.
func TestVerificationOverREST(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	loft := w.Property(t, "olga", "City loft")
	tenant := w.Established(t, "tina", "tenant")
	larry := w.Established(t, "larry", "landlord")
	vera := w.Established(t, "vera", "tenant")
	w.Person(t, "fresh", "landlord")

	var verifiers []map[string]any
	status, _ := call(t, w, http.MethodGet, "/api/potential-verifiers?role=landlord", tenant, "", &verifiers)
	if status != http.StatusOK || len(verifiers) != 2 || verifiers[0]["username"] != "larry" || verifiers[1]["username"] != "olga" {
		t.Errorf("potential verifiers: %d %v", status, verifiers)
	}
	for _, v := range verifiers {
		if len(v) != 3 || v["id"] == nil || v["role"] != "landlord" {
			t.Errorf("a verifier carries exactly id, username and role: %v", v)
		}
	}
	var refusal map[string]any
	if status, _ := call(t, w, http.MethodGet, "/api/potential-verifiers?role=landlord", "", "", &refusal); status != http.StatusUnauthorized {
		t.Errorf("signed out: %d %v", status, refusal)
	}

	// The property page: notes and requestedToId; the document fields are not read.
	var made map[string][]map[string]any
	status, _ = call(t, w, http.MethodPost, fmt.Sprintf("/api/properties/%d/verification-request", flat), tenant,
		fmt.Sprintf(`{"notes": "Saw it last week", "ownerUsername": "olga", "requestedToId": %d, "hasDocuments": false, "documentsProvided": false, "documentUrls": []}`,
			w.UserID(t, "larry")), &made)
	if status != http.StatusOK || len(made["requests"]) != 1 || made["requests"][0]["message"] != "Saw it last week" || made["requests"][0]["status"] != "pending" {
		t.Fatalf("property page request: %d %v", status, made)
	}
	pageRequest := made["requests"][0]["id"]
	// The landlord screen: verifierUsernames and message.
	status, _ = call(t, w, http.MethodPost, fmt.Sprintf("/api/properties/%d/verification-request", loft), owner,
		`{"verifierUsernames": ["vera"], "message": "Could you confirm?"}`, &made)
	if status != http.StatusOK || len(made["requests"]) != 1 || made["requests"][0]["propertyTitle"] != "City loft" {
		t.Fatalf("landlord request: %d %v", status, made)
	}
	for _, c := range []struct {
		name, token, body string
		status            int
		message           string
	}{
		{"non-owner on the landlord path", tenant, `{"verifierUsernames": ["vera"]}`, http.StatusForbidden, "You can only request verification for your own properties."},
		{"no verifier", owner, `{"verifierUsernames": [], "message": ""}`, http.StatusBadRequest, "At least one verifier is required"},
		{"fresh verifier", owner, `{"verifierUsernames": ["fresh"]}`, http.StatusConflict, "fresh cannot confirm properties yet: only accounts open for at least 7 days with a published review can."},
		{"duplicate", owner, `{"verifierUsernames": ["vera"]}`, http.StatusConflict, "vera already has a pending request to verify this property."},
		{"signed out", "", `{"verifierUsernames": ["vera"]}`, http.StatusUnauthorized, "You must be logged in to request verification."},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body map[string]any
			status, _ := call(t, w, http.MethodPost, fmt.Sprintf("/api/properties/%d/verification-request", loft), c.token, c.body, &body)
			if status != c.status || body["message"] != c.message {
				t.Errorf("%d %v, want %d %q", status, body, c.status, c.message)
			}
		})
	}

	var list []map[string]any
	status, _ = call(t, w, http.MethodGet, "/api/verification-requests/created", owner, "", &list)
	if status != http.StatusOK || len(list) != 1 || list[0]["ownerUsername"] != "olga" || list[0]["requestedTo"].(map[string]any)["username"] != "vera" {
		t.Errorf("created: %d %v", status, list)
	}
	status, _ = call(t, w, http.MethodGet, "/api/verification-requests/received", larry, "", &list)
	if status != http.StatusOK || len(list) != 1 || list[0]["id"] != pageRequest || list[0]["propertyTitle"] != "Garden flat" {
		t.Errorf("received: %d %v", status, list)
	}

	// PATCH answers; a second answer and a stranger's are refused.
	var answered map[string]any
	path := fmt.Sprintf("/api/verification-requests/%v", pageRequest)
	status, _ = call(t, w, http.MethodPatch, path, vera, `{"status": "approved"}`, &answered)
	if status != http.StatusForbidden || answered["message"] != "Only the person this request was sent to can answer it." {
		t.Errorf("a stranger's answer: %d %v", status, answered)
	}
	status, _ = call(t, w, http.MethodPatch, path, larry, `{"status": "approved", "responseMessage": "Confirmed"}`, &answered)
	if status != http.StatusOK || answered["propertyVerified"] != false || answered["tokensEarned"] != 1.0 ||
		answered["request"].(map[string]any)["status"] != "confirmed" {
		t.Fatalf("answer: %d %v", status, answered)
	}
	// The owner did not ask: the confirmation waits for them (an rpc of its own, no SPEC path).
	if _, err := w.verification.DecideConfirmation(context.Background(), testworld.As(owner, &verificationv1.DecideConfirmationRequest{
		Id: int32(pageRequest.(float64)), Accept: true,
	})); err != nil {
		t.Fatalf("the owner accepts: %v", err)
	}
	status, _ = call(t, w, http.MethodPatch, path, larry, `{"status": "rejected"}`, &answered)
	if status != http.StatusConflict || answered["message"] != "This request has already been answered." {
		t.Errorf("answered twice: %d %v", status, answered)
	}
	var property map[string]any
	call(t, w, http.MethodGet, fmt.Sprintf("/api/properties/%d", flat), "", "", &property)
	if property["verified"] != true || property["verificationProof"] != "confirmed" || property["verificationConfirmations"] != 1.0 {
		t.Errorf("the property: verified %v, proof %v, confirmations %v", property["verified"], property["verificationProof"], property["verificationConfirmations"])
	}

	// Tokens: the balance and the transactions (a bare list, newest first, X-Total-Count).
	var balance map[string]any
	status, _ = call(t, w, http.MethodGet, "/api/tokens/balance", larry, "", &balance)
	if status != http.StatusOK || balance["balance"] != 11.0 {
		t.Errorf("balance: %d %v", status, balance)
	}
	var txs []map[string]any
	status, header := call(t, w, http.MethodGet, "/api/tokens/transactions", tenant, "", &txs)
	if status != http.StatusOK || len(txs) != 2 || header.Get("X-Total-Count") != "2" || txs[0]["amount"] != 1.0 ||
		txs[0]["description"] != "Reward: Garden flat was verified through your request" || txs[0]["createdAt"] == nil || txs[1]["amount"] != 10.0 {
		t.Errorf("transactions: %d %v %v", status, header, txs)
	}
	status, header = call(t, w, http.MethodGet, "/api/tokens/transactions?pageSize=1", tenant, "", &txs)
	if status != http.StatusOK || len(txs) != 1 || header.Get("X-Total-Count") != "2" {
		t.Errorf("one transaction: %d %v %v", status, header, txs)
	}
	if status, _ := call(t, w, http.MethodGet, "/api/tokens/balance", "", "", &balance); status != http.StatusUnauthorized {
		t.Errorf("balance signed out: %d %v", status, balance)
	}
}

// A new account opens its ledger at registration: 10 tokens, one initial_allocation row.
func TestRegistrationOpensTheLedger(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var user map[string]any
	status, header := call(t, w, http.MethodPost, "/api/register", "", `{"username": "newbie", "email": "newbie@example.com",
		"password": "correct horse", "firstName": "New", "lastName": "Bie", "role": "tenant"}`, &user)
	if status != http.StatusOK {
		t.Fatalf("register: %d %v", status, user)
	}
	var token string
	for _, c := range (&http.Response{Header: header}).Cookies() {
		if c.Name == "rentproof_session" {
			token = c.Value
		}
	}
	var balance map[string]any
	var txs []map[string]any
	call(t, w, http.MethodGet, "/api/tokens/balance", token, "", &balance)
	call(t, w, http.MethodGet, "/api/tokens/transactions", token, "", &txs)
	if balance["balance"] != 10.0 || len(txs) != 1 || txs[0]["transactionType"] != "initial_allocation" || txs[0]["amount"] != 10.0 {
		t.Errorf("a new account: %v %v", balance, txs)
	}
}
