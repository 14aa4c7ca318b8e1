package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/dbtest"
)

// Not parallel: it sets DATABASE_URL and ADMIN_PASSWORD (t.Setenv), which are the process's.
func TestAdminCreate(t *testing.T) {
	pool, url := dbtest.New(t)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("ADMIN_PASSWORD", "")
	var out bytes.Buffer
	args := []string{"-username", "root_admin", "-email", "admin@example.com", "-first-name", "Ada", "-last-name", "Admin"}
	if err := createAdmin(context.Background(), args, strings.NewReader("admin-pass-1\n"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "created admin root_admin") {
		t.Errorf("output: %q", out.String())
	}
	var role, hash string
	if err := pool.QueryRow(context.Background(), "SELECT role, password_hash FROM users WHERE username = 'root_admin'").Scan(&role, &hash); err != nil {
		t.Fatal(err)
	}
	if role != "admin" || !account.VerifySecret(hash, "admin-pass-1") {
		t.Errorf("admin stored with role %q; password verifies: %v", role, account.VerifySecret(hash, "admin-pass-1"))
	}
	// The same rules as registration apply.
	err := createAdmin(context.Background(), []string{"-username", "x", "-email", "bad"}, strings.NewReader("123\n"), &out)
	if err == nil || !strings.Contains(err.Error(), "Username must be at least 3 characters") {
		t.Errorf("invalid admin: %v", err)
	}
}
