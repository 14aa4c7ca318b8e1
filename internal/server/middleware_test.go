package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPanicsBecomeLoggedInternalErrors(t *testing.T) {
	t.Parallel()
	h := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/anything", http.NoBody))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), `"message"`) ||
		strings.Contains(rec.Body.String(), "boom") {
		t.Errorf("panic answered %d %s", rec.Code, rec.Body)
	}
}
