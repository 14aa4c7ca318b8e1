package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/store"
)

// The mail benchmark (issue 29, `make bench BENCH=mail`): one server binary's sender delivers
// -emails messages, enqueued in one committed transaction, to Mailpit (SMTP_URL and
// MAILPIT_API_URL, which the make target starts); the figure is the messages a minute from the
// commit to the last one in Mailpit's inbox, against the floor of 1,000 a minute. It
// stands outside the record and comparison machinery of the HTTP benchmarks: a single delivery
// rate, printed.

// mailTarget is the floor: emails a minute one server's sender delivers.
const mailTarget = 1000

func benchMail(ctx context.Context, cluster, binary string, emails int) error {
	mp := &mailtest.Mailpit{SMTPURL: os.Getenv("SMTP_URL"), APIURL: os.Getenv("MAILPIT_API_URL")}
	if mp.SMTPURL == "" || mp.APIURL == "" {
		return fmt.Errorf("SMTP_URL and MAILPIT_API_URL are not set: run `make bench BENCH=mail`, which starts Mailpit")
	}
	dbURL, err := buildOnce(ctx, cluster, "rentproof_bench_mail", nil)
	if err != nil {
		return err
	}
	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, `DELETE FROM outbox_emails`); err != nil {
		return err
	}
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return err
	}
	defer srv.stop()

	run := fmt.Sprintf("bench-%d", time.Now().UnixNano())
	start := time.Now()
	// One transaction, as a burst of events would commit them; the body is the shared layout's size.
	_, err = pool.Exec(ctx, `
		INSERT INTO outbox_emails (to_address, category, kind, subject, text_body, html_body)
		SELECT $1 || '-' || i || '@example.test', 'contact_replies', 'contact_reply', 'Benchmark message ' || i,
			repeat('A line of the benchmark message. ', 40), '<p>' || repeat('A line of the benchmark message. ', 40) || '</p>'
		FROM generate_series(1, $2::int) i`, run, emails)
	if err != nil {
		return fmt.Errorf("enqueue: %w", err)
	}
	fmt.Printf("enqueued %d emails in %s; waiting for Mailpit to hold them all\n", emails, time.Since(start).Round(time.Millisecond))
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		var sent, dead int
		if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'sent'), count(*) FILTER (WHERE status = 'dead') FROM outbox_emails`).Scan(&sent, &dead); err != nil {
			return err
		}
		if dead > 0 {
			return fmt.Errorf("%d emails dead: the mail server refused them", dead)
		}
		if sent == emails {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("only %d of %d emails sent after 10 minutes", sent, emails)
		}
	}
	took := time.Since(start)
	got, err := mp.Search(ctx, "to:"+run)
	if err != nil {
		return err
	}
	rate := float64(emails) / took.Minutes()
	verdict := "ok"
	if rate < mailTarget {
		verdict = "BELOW TARGET"
	}
	fmt.Printf("\nmail: %d emails sent in %s, %d in Mailpit: %.0f emails a minute (target ≥ %d): %s\n", emails, took.Round(time.Millisecond), got, rate, mailTarget, verdict)
	if got != emails {
		return fmt.Errorf("Mailpit holds %d of the %d emails", got, emails)
	}
	return nil
}
