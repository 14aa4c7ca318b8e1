package account_test

import (
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
)

func profileForm() map[string]any {
	return map[string]any{
		"firstName": "Grace", "lastName": "Hopper", "bio": "Rear admiral, renter.",
		"city": "Arlington", "country": "United States", "language": "fr",
	}
}

// Edit Profile changes the caller's own profile, under the contract's rules with messages for
// the user; GET /api/user then reads it back. Signed out, nothing changes.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	a := newAPI(t, srv)
	if r := a.post("/api/register", registration("grace_h")); r.status != http.StatusCreated && r.status != http.StatusOK {
		t.Fatalf("register: %d %s", r.status, r.raw)
	}
	long := func(n int) string { return strings.Repeat("é", n) }

	for name, c := range map[string]struct {
		change map[string]any
		field  string
		msg    string
	}{
		"no first name":   {map[string]any{"firstName": "  "}, "firstName", "First name is required"},
		"long first name": {map[string]any{"firstName": long(101)}, "firstName", "First name must be at most 100 characters"},
		"no last name":    {map[string]any{"lastName": ""}, "lastName", "Last name is required"},
		"long last name":  {map[string]any{"lastName": long(101)}, "lastName", "Last name must be at most 100 characters"},
		"long bio":        {map[string]any{"bio": long(501)}, "bio", "Bio must be at most 500 characters"},
		"long city":       {map[string]any{"city": long(101)}, "city", "City must be at most 100 characters"},
		"short country":   {map[string]any{"country": "U"}, "country", "Country must be at least 2 characters"},
		"long country":    {map[string]any{"country": long(101)}, "country", "Country must be at most 100 characters"},
		"no language":     {map[string]any{"language": ""}, "language", "Please select a language from the list"},
		"other language":  {map[string]any{"language": "xx"}, "language", "Please select a language from the list"},
		"NUL in bio":      {map[string]any{"bio": "a\x00b"}, "bio", "Text must not contain control characters"},
	} {
		t.Run(name, func(t *testing.T) {
			form := profileForm()
			maps.Copy(form, c.change)
			r := a.in(t).do(http.MethodPut, "/api/user/profile", form)
			if r.status != http.StatusBadRequest || r.fieldErrors()[c.field] != c.msg {
				t.Fatalf("got %d %v (%s), want 400 %s: %q", r.status, r.fieldErrors(), r.raw, c.field, c.msg)
			}
		})
	}

	t.Run("limits are allowed", func(t *testing.T) {
		form := profileForm()
		maps.Copy(form, map[string]any{"firstName": long(100), "bio": long(500), "city": "", "country": "UK"})
		if r := a.in(t).do(http.MethodPut, "/api/user/profile", form); r.status != http.StatusOK {
			t.Fatalf("got %d %s", r.status, r.raw)
		}
	})

	t.Run("saved and read back", func(t *testing.T) {
		form := profileForm()
		form["firstName"] = "  Grace  "
		r := a.in(t).do(http.MethodPut, "/api/user/profile", form)
		if r.status != http.StatusOK {
			t.Fatalf("got %d %s", r.status, r.raw)
		}
		me := a.in(t).get("/api/user")
		want := map[string]any{"firstName": "Grace", "lastName": "Hopper", "bio": "Rear admiral, renter.",
			"city": "Arlington", "country": "United States", "language": "fr", "username": "grace_h"}
		for k, v := range want {
			if r.body[k] != v || me.body[k] != v {
				t.Errorf("%s: answered %v, read back %v, want %v", k, r.body[k], me.body[k], v)
			}
		}
	})

	t.Run("signed out", func(t *testing.T) {
		r := newAPI(t, srv).do(http.MethodPut, "/api/user/profile", profileForm())
		if r.status != http.StatusUnauthorized {
			t.Fatalf("got %d %s", r.status, r.raw)
		}
	})
}
