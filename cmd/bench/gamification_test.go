package main

import (
	"context"
	"strconv"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// The gamification bench's data set on a small scale: XP is every user's rows' sum, levels and
// badges are seeded and earned, the readers are spread over the ranks (some beyond the exact
// 10,000, some unranked), and the writers are established, with sessions the server accepts and
// a property of their own to review, again on a reused set.
func TestGamificationDataSet(t *testing.T) {
	t.Chdir("../..") // the bench runs from the repository root (the seed data's files)
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	steps, err := gamificationSteps(30_000, 150_000, 2_000)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if _, err := conn.Exec(ctx, s.sql); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	conn.Release()
	if err := checkXP(ctx, pool, "after the build"); err != nil {
		t.Fatal(err)
	}
	if err := describeGamificationData(ctx, pool); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		c, err := gamificationPeople(ctx, pool, 100)
		if err != nil {
			t.Fatal(err)
		}
		if c.top != 1000 || c.beyond < 1000 || c.unranked == 0 || len(c.writes) != 100 {
			t.Fatalf("readers %d in the top, %d beyond, %d unranked; %d writes", c.top, c.beyond, c.unranked, len(c.writes))
		}
		var established, live, badges, activities int
		err = pool.QueryRow(ctx, `SELECT
				(SELECT count(*) FILTER (WHERE account_established(user_id)) FROM bench_writers),
				(SELECT count(*) FROM sessions WHERE token_hash = sha256(convert_to($1 || $2, 'UTF8')) AND expires_at > now()),
				(SELECT count(*) FROM user_badges), (SELECT count(*) FROM user_activities)`,
			benchSessionPrefix, strconv.Itoa(int(c.writes[0].UserID))).Scan(&established, &live, &badges, &activities)
		if err != nil {
			t.Fatal(err)
		}
		if established != 2_000 || live != 1 || badges == 0 || activities < 150_000 {
			t.Errorf("%d established writers, %d live sessions, %d badges, %d activities", established, live, badges, activities)
		}
	}
}
