package main

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// The enquiries bench's data set on a small scale: the threads and messages asked for, each
// thread's latest message and unread counts as the server keeps them, readers with the longest
// lists (all 100 landlords, all 900 tenants) and sessions, and both lists read from their
// indexes in order, with no sort.
func TestEnquiriesDataSet(t *testing.T) {
	t.Chdir("../..") // the bench runs from the repository root (the query files)
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range enquirySteps(1_000, 30_000, 100_000) {
		if _, err := conn.Exec(ctx, s.sql); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	conn.Release()
	d, err := describeEnquiries(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if d.threads < 29_000 || d.threads > 30_000 || d.open < 26_000 || d.messages != 100_000 {
		t.Errorf("data set: %+v", d)
	}
	var wrongLatest, wrongUnread, unread int
	err = pool.QueryRow(ctx, `
		WITH l AS (SELECT DISTINCT ON (thread_id) * FROM enquiry_messages ORDER BY thread_id, id DESC),
		u AS (SELECT m.thread_id, count(*) FILTER (WHERE m.author_id = t.owner_id) AS enquirer_unread,
				count(*) FILTER (WHERE m.author_id = t.enquirer_id) AS owner_unread
			FROM enquiry_messages m JOIN enquiry_threads t ON t.id = m.thread_id WHERE m.read_at IS NULL GROUP BY m.thread_id)
		SELECT (SELECT count(*) FROM enquiry_threads t JOIN l ON l.thread_id = t.id
				WHERE t.last_message_at <> l.created_at OR t.last_message <> left(l.body, 140)),
			(SELECT count(*) FROM enquiry_threads t LEFT JOIN u ON u.thread_id = t.id
				WHERE t.enquirer_unread <> coalesce(u.enquirer_unread, 0) OR t.owner_unread <> coalesce(u.owner_unread, 0)),
			(SELECT count(*) FROM enquiry_threads WHERE enquirer_unread + owner_unread > 0)`).Scan(&wrongLatest, &wrongUnread, &unread)
	if err != nil {
		t.Fatal(err)
	}
	if wrongLatest != 0 || wrongUnread != 0 || unread < d.threads/6 {
		t.Errorf("%d threads with another latest message, %d with other unread counts; %d unread", wrongLatest, wrongUnread, unread)
	}
	p, err := enquiryPeopleFor(ctx, pool, 100)
	if err != nil {
		t.Fatal(err)
	}
	var live int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE user_agent = 'rentproof-bench' AND expires_at > now()`).Scan(&live); err != nil {
		t.Fatal(err)
	}
	if len(p.owners) != 100 || len(p.enquirers) != 900 || len(p.replies) != 100 || live < len(p.owners)+len(p.enquirers) {
		t.Errorf("%d owners, %d members, %d replies, %d sessions", len(p.owners), len(p.enquirers), len(p.replies), live)
	}
	plans, err := enquiryListPlans(ctx, pool, p.owners[0], p.enquirers[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, plan := range plans {
		if plan.sorted {
			t.Errorf("%s sorts:\n%s", plan.name, plan.plan)
		}
	}
}
