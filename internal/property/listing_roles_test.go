package property_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The roles the contract declares may list (vocab.Published, which the web app reads to offer
// listing) are exactly the roles the server lets list: every other role is refused.
func TestListingRolesAreTheDeclaredOnes(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	declared := vocab.Published.GetProperty().GetListingRoles()
	for _, role := range append(vocab.VerifierRoles.Values(), "admin") {
		c := signUp(t, srv, "lister_"+role, role)
		status, up := c.upload(part{"images", "front.png", testworld.SmallPNG(t)})
		if status != http.StatusOK {
			if slices.Contains(declared, role) {
				t.Errorf("%s, a declared listing role, cannot upload a listing image: %d %v", role, status, up)
			} else if status != http.StatusForbidden {
				t.Errorf("%s uploads a listing image: %d %v", role, status, up)
			}
			continue
		}
		status, body := c.json(http.MethodPost, "/api/properties", listing(files(up)))
		if allowed := slices.Contains(declared, role); allowed != (status == http.StatusOK) || (!allowed && status != http.StatusForbidden) {
			t.Errorf("%s lists a property: %d %v (declared a listing role: %v)", role, status, body, allowed)
		}
	}
}
