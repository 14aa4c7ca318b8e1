// Package signing signs and checks the values the product hands out and must recognise later
// without storing them: links in emails (address verification, unsubscribe) and keyed choices
// nobody may predict (decoy security questions). Keys live in PostgreSQL (signing_keys), made by
// whichever server needs one first, so every server signs and checks alike.
package signing

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/rentproof/rentproof/gen/db"
)

// ErrInvalid is a signed value that was altered, made with another key, or for another purpose.
var ErrInvalid = errors.New("invalid or altered link")

// ErrExpired is a signed value whose time is up.
var ErrExpired = errors.New("expired link")

// Key signs for one purpose: a value signed for "unsubscribe" never passes as "verify_email".
type Key struct {
	name string
	key  []byte
}

// Open loads the named key, making it on first use.
func Open(ctx context.Context, q *db.Queries, name string) (*Key, error) {
	key, err := q.GetSigningKey(ctx, name)
	if errors.Is(err, pgx.ErrNoRows) {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return nil, fmt.Errorf("make signing key: %w", err)
		}
		if err := q.CreateSigningKey(ctx, db.CreateSigningKeyParams{Name: name, Key: fresh}); err != nil {
			return nil, fmt.Errorf("store signing key %s: %w", name, err)
		}
		key, err = q.GetSigningKey(ctx, name)
	}
	if err != nil {
		return nil, fmt.Errorf("load signing key %s: %w", name, err)
	}
	return &Key{name: name, key: key}, nil
}

// Sum is the keyed hash of the parts (each length-prefixed, so "ab","c" ≠ "a","bc").
func (k *Key) Sum(parts ...string) []byte {
	m := hmac.New(sha256.New, k.key)
	m.Write([]byte(k.name))
	for _, p := range parts {
		m.Write([]byte{0})
		m.Write([]byte(strconv.Itoa(len(p))))
		m.Write([]byte{0})
		m.Write([]byte(p))
	}
	return m.Sum(nil)
}

// Sign returns a URL-safe token carrying the parts until expires: parts, expiry and signature.
// The parts are readable by whoever holds the token; sign only what they may see.
func (k *Key) Sign(expires time.Time, parts ...string) string {
	exp := strconv.FormatInt(expires.Unix(), 10)
	sig := k.Sum(append([]string{exp}, parts...)...)
	fields := make([]string, 0, len(parts)+2)
	for _, p := range parts {
		fields = append(fields, base64.RawURLEncoding.EncodeToString([]byte(p)))
	}
	fields = append(fields, exp, base64.RawURLEncoding.EncodeToString(sig))
	return strings.Join(fields, ".")
}

// Verify checks a token from Sign at now and returns its parts.
func (k *Key) Verify(token string, now time.Time) ([]string, error) {
	fields := strings.Split(token, ".")
	if len(fields) < 2 || len(token) > 2048 {
		return nil, ErrInvalid
	}
	n := len(fields) - 2
	parts := make([]string, n)
	for i := range n {
		b, err := base64.RawURLEncoding.DecodeString(fields[i])
		if err != nil {
			return nil, ErrInvalid
		}
		parts[i] = string(b)
	}
	exp, sig := fields[n], fields[n+1]
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, k.Sum(append([]string{exp}, parts...)...)) {
		return nil, ErrInvalid
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil {
		return nil, ErrInvalid
	}
	if !now.Before(time.Unix(unix, 0)) {
		return nil, ErrExpired
	}
	return parts, nil
}
