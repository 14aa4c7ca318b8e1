package tenancy_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// The REST paths call the same rules: claim, list, read, the owner's list and answers, withdraw.
func TestRESTPaths(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Established(t, "tina", "tenant")
	tom := w.Person(t, "tom", "tenant")
	flat := w.verified(t, "Olga's flat", "confirmed")
	path := func(format string, id int32) string {
		return w.URL + strings.Replace(format, "{id}", strconv.Itoa(int(id)), 1)
	}
	type answer struct {
		Message string
		Tenancy struct {
			ID            int32
			Status, Stage string
			Proof         string
			OwnerMessage  string
			PropertyTitle string
			FromMonth     string
		}
	}
	send := func(method, url, token, body string) (int, answer, string) {
		t.Helper()
		contentType := ""
		if body != "" {
			contentType = "application/json"
		}
		status, _, raw := testworld.Send(t, method, url, token, contentType, strings.NewReader(body))
		var a answer
		_ = json.Unmarshal([]byte(raw), &a)
		return status, a, raw
	}

	status, claimed, raw := send(http.MethodPost, w.URL+"/api/tenancies", tina, `{"propertyId": `+strconv.Itoa(int(flat))+`, "fromMonth": "2023-01", "toMonth": "2024-06"}`)
	if status != http.StatusOK || claimed.Tenancy.Status != "pending" || claimed.Tenancy.Stage != "landlord" || claimed.Tenancy.FromMonth != "2023-01" {
		t.Fatalf("claim: %d %s", status, raw)
	}
	id := claimed.Tenancy.ID
	if status, _, raw := send(http.MethodPost, w.URL+"/api/tenancies", tina, `{"propertyId": `+strconv.Itoa(int(flat))+`, "fromMonth": "soon"}`); status != http.StatusBadRequest ||
		!strings.Contains(raw, "From must be a month, as YYYY-MM") {
		t.Errorf("a bad claim: %d %s", status, raw)
	}
	if status, _, raw := send(http.MethodGet, w.URL+"/api/tenancies", tina, ""); status != http.StatusOK || !strings.HasPrefix(raw, "[") || !strings.Contains(raw, `"propertyTitle":"Olga's flat"`) {
		t.Errorf("mine: %d %s", status, raw)
	}
	if status, _, raw := send(http.MethodGet, path("/api/properties/{id}/tenancy-claims", flat), owner, ""); status != http.StatusOK || !strings.Contains(raw, `"id":`+strconv.Itoa(int(id))) {
		t.Errorf("the owner's claims: %d %s", status, raw)
	}
	if status, _, raw := send(http.MethodGet, path("/api/properties/{id}/tenancy-claims", flat), tom, ""); status != http.StatusForbidden {
		t.Errorf("another's claims: %d %s", status, raw)
	}
	if status, _, raw := send(http.MethodGet, path("/api/tenancies/{id}", id), tom, ""); status != http.StatusNotFound {
		t.Errorf("a stranger reads it: %d %s", status, raw)
	}
	if status, _, raw := send(http.MethodPost, path("/api/tenancies/{id}/confirm", id), tina, ""); status != http.StatusForbidden {
		t.Errorf("the tenant confirms: %d %s", status, raw)
	}
	if status, a, raw := send(http.MethodPost, path("/api/tenancies/{id}/cannot-confirm", id), owner, `{"message": "Not sure it was her"}`); status != http.StatusOK ||
		a.Tenancy.Stage != "documents" || a.Tenancy.OwnerMessage != "Not sure it was her" {
		t.Errorf("can't confirm: %d %s", status, raw)
	}
	if status, a, raw := send(http.MethodPost, path("/api/tenancies/{id}/confirm", id), owner, ""); status != http.StatusOK || a.Tenancy.Status != "approved" || a.Tenancy.Proof != "landlord" {
		t.Errorf("confirm after all: %d %s", status, raw)
	}
	if status, a, raw := send(http.MethodGet, path("/api/tenancies/{id}", id), tina, ""); status != http.StatusOK || a.Message != "" || !strings.Contains(raw, `"status":"approved"`) {
		t.Errorf("read: %d %s", status, raw)
	}
	if status, a, raw := send(http.MethodPost, path("/api/tenancies/{id}/withdraw", id), tina, ""); status != http.StatusOK || a.Tenancy.Status != "withdrawn" {
		t.Errorf("withdraw: %d %s", status, raw)
	}
}
