package gamification

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// Entry is one ranked user; Username and Image are empty unless they chose to show their full name.
type Entry struct {
	Position                      int32
	ID                            int32
	Username, FirstName, LastName string
	Image                         string
	Level, XP                     int32
}

// Leaderboard is the top of the board and the caller's place (zero while unranked).
type Leaderboard struct {
	Entries []Entry
	Own     Rank
	OwnXP   int32
}

// storedEntry is one user of the stored top (leaderboard_top.entries).
type storedEntry struct {
	ID        int32  `json:"id"`
	Username  string `json:"username"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	FullName  bool   `json:"full_name"`
	Image     string `json:"image"`
	XP        int32  `json:"xp"`
	Level     int32  `json:"level"`
}

// msgLeaderboardSignIn refuses the leaderboard to visitors.
const msgLeaderboardSignIn = "Please sign in to see the leaderboard"

// Leaderboard returns the top users to a signed-in member, with the caller's rank. Each is named
// as on reviews (first name and last initial) unless they chose to show their full name; only
// then do their username and picture show too, so the name setting is not undone beside it.
// Visitors are refused: the privacy policy promises the names to signed-in users only. The top
// comes from the stored row (leaderboard_top), recomputed by the reader that finds it no longer
// holds.
func (s *Service) Leaderboard(ctx context.Context) (Leaderboard, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated(msgLeaderboardSignIn))
	if err != nil {
		return Leaderboard{}, err
	}
	top, err := s.top(ctx)
	if err != nil {
		return Leaderboard{}, err
	}
	out := Leaderboard{Entries: make([]Entry, len(top))}
	for i, e := range top {
		entry := Entry{Position: int32(i + 1), ID: e.ID, FirstName: e.FirstName, LastName: Initial(e.LastName),
			Level: e.Level, XP: e.XP}
		if e.FullName {
			entry.Username, entry.LastName, entry.Image = e.Username, e.LastName, e.Image
		}
		out.Entries[i] = entry
	}
	standing, err := s.q.GetXPStanding(ctx, me.ID)
	if err != nil {
		return Leaderboard{}, fmt.Errorf("XP of user %d: %w", me.ID, store.Err(err))
	}
	out.OwnXP = standing.Xp
	out.Own, err = s.rank(ctx, me.ID, standing.Xp, standing.XpReachedAt, standing.AheadEstimate)
	return out, err
}

// top returns the stored top, recomputing it first when it no longer holds.
func (s *Service) top(ctx context.Context) ([]storedEntry, error) {
	stored, err := s.q.GetLeaderboardTop(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the stored leaderboard: %w", err)
	}
	entries := stored.Entries
	if !stored.Fresh {
		entries, err = s.q.RefreshLeaderboardTop(ctx, db.RefreshLeaderboardTopParams{Lim: TopSize, Seen: stored.ComputedAt})
		if errors.Is(err, pgx.ErrNoRows) {
			// Another reader recomputed it meanwhile: theirs is at least as new.
			entries, err = s.refreshed(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("recompute the leaderboard: %w", err)
		}
	}
	var top []storedEntry
	if err := json.Unmarshal(entries, &top); err != nil {
		return nil, fmt.Errorf("decode the stored leaderboard: %w", err)
	}
	return top, nil
}

// refreshed reads the top another reader has just stored.
func (s *Service) refreshed(ctx context.Context) ([]byte, error) {
	stored, err := s.q.GetLeaderboardTop(ctx)
	return stored.Entries, err
}

// Initial is a last name's initial and a dot, as reviews show it ("" for none).
func Initial(last string) string {
	for _, r := range last {
		return string(r) + "."
	}
	return ""
}

// SetLeaderboardName records whether the caller's full name shows on the leaderboard; the stored
// top is recomputed by its next reader, so the choice shows at once.
func (s *Service) SetLeaderboardName(ctx context.Context, fullName bool) (bool, error) {
	me, err := identity.RequireUser(ctx, apperr.Unauthenticated("Please sign in to choose your leaderboard name"))
	if err != nil {
		return false, err
	}
	var v bool
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		var err error
		if v, err = q.SetLeaderboardFullName(ctx, db.SetLeaderboardFullNameParams{ID: me.ID, FullName: fullName}); err != nil {
			return err
		}
		return q.ExpireLeaderboardTop(ctx)
	})
	if err != nil {
		return false, fmt.Errorf("set the leaderboard name of user %d: %w", me.ID, store.Err(err))
	}
	return v, nil
}
