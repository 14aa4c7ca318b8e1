package gamification_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/gamification"
)

// The stored top (leaderboard_top) follows every change of XP at once: someone entering it,
// someone leaving it, someone in it gaining; a name choice shows at once, and a name edited in
// the profile within the row's 10 seconds.
func TestStoredLeaderboardFollowsEveryChange(t *testing.T) {
	t.Parallel()
	pool := newDB(t)
	svc := gamification.NewService(pool, nil, nil)
	ctx := context.Background()
	q := db.New(pool)
	// addXP moves a user's XP as an award or its reversal does: an activity row and the sum.
	addXP := func(user, points int32) {
		t.Helper()
		meta := `{"rule": "test"}`
		if points < 0 {
			meta = `{"rule": "test", "reversal": true}`
		}
		if err := q.RecordAward(ctx, db.RecordAwardParams{UserID: user, ActivityType: "verification_completed", Points: points, Metadata: []byte(meta)}); err != nil {
			t.Fatal(err)
		}
		if _, err := q.AddXP(ctx, db.AddXPParams{ID: user, Points: points}); err != nil {
			t.Fatal(err)
		}
	}
	// 55 users with 10, 20, …, 550 XP: the board lists the 50 from 550 down to 60.
	users := make([]int32, 55)
	for i := range users {
		users[i] = newUser(t, pool, "Player", fmt.Sprintf("N%02d", i+1), "tenant")
		addXP(users[i], int32(10*(i+1)))
	}
	board := func() string {
		t.Helper()
		b, err := svc.Leaderboard(as(users[0], "tenant")) // a member: visitors are refused
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Entries) != gamification.TopSize {
			t.Fatalf("%d entries, want %d", len(b.Entries), gamification.TopSize)
		}
		names := make([]string, len(b.Entries))
		for i, e := range b.Entries {
			names[i] = fmt.Sprintf("%s %s %d", e.FirstName, e.LastName, e.XP)
		}
		return strings.Join(names, ", ")
	}
	expect := func(step, wantFirst, wantLast string) {
		t.Helper()
		got := board()
		if !strings.HasPrefix(got, wantFirst) || !strings.HasSuffix(got, wantLast) {
			t.Errorf("%s: the board is %q; want it from %q to %q", step, got, wantFirst, wantLast)
		}
	}
	expect("at first", "Player N. 550", "Player N. 60")

	addXP(users[4], 25) // 50 → 75: enters, and the 60 leaves
	expect("someone enters", "Player N. 550", "Player N. 70")
	addXP(users[54], -500) // 550 → 50: leaves the top
	expect("someone leaves", "Player N. 540", "Player N. 60")
	addXP(users[20], 1000) // 210 → 1210: moves up inside it
	expect("someone inside gains", "Player N. 1210", "Player N. 60")

	// A name choice shows at once; a renamed account within the stored row's 10 seconds.
	if _, err := svc.SetLeaderboardName(as(users[20], "tenant"), true); err != nil {
		t.Fatal(err)
	}
	expect("full name chosen", "Player N21 1210", "Player N. 60")
	exec(t, pool, `UPDATE users SET first_name = 'Renamed' WHERE id = $1`, users[20])
	expect("renamed, the stored row still fresh", "Player N21 1210", "Player N. 60")
	exec(t, pool, `UPDATE leaderboard_top SET computed_at = computed_at - interval '11 seconds'`)
	expect("renamed, the stored row 11 seconds old", "Renamed N21 1210", "Player N. 60")

	// Readers who find it stale at once all answer the same board, and none fails.
	exec(t, pool, `UPDATE leaderboard_top SET computed_at = 'epoch'`)
	want := ""
	boards := make([]string, 20)
	parallel(t, len(boards), func(i int) error {
		b, err := svc.Leaderboard(as(users[0], "tenant")) // a member: visitors are refused
		if err != nil {
			return err
		}
		boards[i] = fmt.Sprint(b.Entries)
		return nil
	})
	for i, b := range boards {
		if i == 0 {
			want = b
		} else if b != want {
			t.Errorf("reader %d saw another board", i)
		}
	}
}

func exec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}
