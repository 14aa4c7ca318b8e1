package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/web"
)

// createAdmin is `rentproof admin create`: administrators are made here, never through the API.
// The password comes from ADMIN_PASSWORD or, when unset, the first line of standard input.
func createAdmin(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	var r account.Registration
	fs.StringVar(&r.Username, "username", "", "username (3 to 50 letters, digits, . - _)")
	fs.StringVar(&r.Email, "email", "", "email address")
	fs.StringVar(&r.FirstName, "first-name", "", "first name")
	fs.StringVar(&r.LastName, "last-name", "", "last name")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r.Password = os.Getenv("ADMIN_PASSWORD")
	if r.Password == "" {
		fmt.Fprint(stdout, "Password: ")
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return fmt.Errorf("read password: %w", err)
		}
		r.Password = strings.TrimRight(line, "\r\n")
	}

	// The new administrator's verification link names the site (PUBLIC_URL, else siteorigin.Fallback).
	public, err := web.ParsePublicURL(os.Getenv("PUBLIC_URL"))
	if err != nil {
		return err
	}
	ctx = siteorigin.With(ctx, public)
	pool, err := openDatabase(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	u, err := account.NewService(pool).CreateAdmin(ctx, r)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created admin %s (id %d)\n", u.Username, u.ID)
	return nil
}
