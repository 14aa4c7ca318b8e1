package signing_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/signing"
)

func TestSignedValuesCannotBeForgedMovedOrKeptPastTheirTime(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := t.Context()
	q := db.New(pool)

	// Servers starting together agree on one key.
	keys := make([]*signing.Key, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Go(func() {
			k, err := signing.Open(ctx, q, "unsubscribe")
			if err != nil {
				t.Error(err)
			}
			keys[i] = k
		})
	}
	wg.Wait()
	now := time.Now()
	token := keys[0].Sign(now.Add(time.Hour), "42", "reviews")
	for i, k := range keys {
		if parts, err := k.Verify(token, now); err != nil || strings.Join(parts, "|") != "42|reviews" {
			t.Fatalf("server %d: Verify = %q, %v", i, parts, err)
		}
	}

	other, err := signing.Open(ctx, q, "verify_email")
	if err != nil {
		t.Fatal(err)
	}
	forged := keys[0].Sign(now.Add(time.Hour), "43", "reviews")
	// The token's first part (the member) swapped for another's, its signature kept.
	_, rest, _ := strings.Cut(token, ".")
	otherMember, _, _ := strings.Cut(forged, ".")
	moved := otherMember + "." + rest
	for name, check := range map[string]func() error{
		"another member":  func() error { _, err := keys[0].Verify(moved, now); return err },
		"another purpose": func() error { _, err := other.Verify(token, now); return err },
		"cut short":       func() error { _, err := keys[0].Verify(token[:len(token)-2], now); return err },
		"not a token":     func() error { _, err := keys[0].Verify("\x00", now); return err },
	} {
		if err := check(); !errors.Is(err, signing.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
	if _, err := keys[0].Verify(token, now.Add(time.Hour)); !errors.Is(err, signing.ErrExpired) {
		t.Errorf("an hour later: err = %v, want ErrExpired", err)
	}
}
