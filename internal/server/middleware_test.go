package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPanicsBecomeLoggedInternalErrors(t *testing.T) {
	h := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/anything", nil))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), `"message"`) ||
		strings.Contains(rec.Body.String(), "boom") {
		t.Errorf("panic answered %d %s", rec.Code, rec.Body)
	}
}
