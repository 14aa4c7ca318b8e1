package account_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
)

func TestSecretHashing(t *testing.T) {
	t.Parallel()
	h1, err := account.HashSecret("Blue Whale")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := account.HashSecret("Blue Whale")
	if h1 == h2 {
		t.Error("two hashes of one secret must differ (random salt)")
	}
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("unexpected hash format %q", h1)
	}
	if strings.Contains(h1, "Blue Whale") {
		t.Error("hash contains the secret")
	}
	for secret, want := range map[string]bool{"Blue Whale": true, "blue whale": false, "Blue Whale ": false, "": false} {
		t.Run(fmt.Sprintf("verify %q", secret), func(t *testing.T) {
			t.Parallel()
			if got := account.VerifySecret(h1, secret); got != want {
				t.Errorf("VerifySecret(%q) = %v, want %v (answers are case-sensitive)", secret, got, want)
			}
		})
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=1,t=1,p=1$!!$!!", "$bcrypt$x$y$z$w"} {
		t.Run(fmt.Sprintf("malformed hash %q", bad), func(t *testing.T) {
			t.Parallel()
			if account.VerifySecret(bad, "x") {
				t.Errorf("malformed hash %q verified", bad)
			}
		})
	}
}
