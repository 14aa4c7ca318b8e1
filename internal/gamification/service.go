package gamification

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// Leaderboard sizes.
const (
	// TopSize is how many users the leaderboard lists.
	TopSize = 50
	// ExactRankLimit is how far down ranks are exact; beyond it they are estimated and rounded.
	ExactRankLimit = 10000
	// alwaysCounted is how far down ranks are counted even when the estimate is far beyond the
	// limit (statistics not gathered yet after a bulk load can put anyone there).
	alwaysCounted = 100
)

// Messages of the administrators' calls.
const (
	NoPendingMigrations = "No pending migrations"
	AlreadyInitialized  = "Gamification is already initialized: no levels or badges were missing"
)

var (
	errSignedOut      = apperr.Unauthenticated("Please sign in to see your rewards")
	errNotAdmin       = apperr.PermissionDenied("Only administrators can run the migration or initialize gamification")
	errAdminSignedOut = apperr.Unauthenticated("Please sign in") // the administrators' buttons, signed out
)

// Migrator applies the pending migrations (store.Migrate), reporting how many it applied.
type Migrator func(ctx context.Context) (applied int, err error)

// Seeder inserts the levels, badges and achievements that are missing (internal/seed's
// catalogue), reporting how many of each it added.
type Seeder func(ctx context.Context, q *db.Queries) (levels, badges, achievements int64, err error)

// Service reads standings and serves the administrators' calls.
type Service struct {
	pool      *pgxpool.Pool
	q         *db.Queries
	migrate   Migrator
	seed      Seeder
	exactRank int32
}

// NewService returns a Service over pool; migrate and seed serve RunMigration and Initialize.
func NewService(pool *pgxpool.Pool, migrate Migrator, seed Seeder) *Service {
	return &Service{pool: pool, q: db.New(pool), migrate: migrate, seed: seed, exactRank: ExactRankLimit}
}

// WithExactRankLimit returns s counting ranks exactly only up to limit (tests use a small one).
func (s *Service) WithExactRankLimit(limit int32) *Service {
	c := *s
	c.exactRank = limit
	return &c
}

// Badge is an earned badge.
type Badge struct {
	ID                                int32
	Name, Description, Icon, Category string
	Level                             int32
	EarnedAt                          time.Time
}

// Rank is a position on the leaderboard: 0 when unranked; Approximate beyond the exact limit.
type Rank struct {
	Position    int32
	Approximate bool
}

// Profile is one user's standing.
type Profile struct {
	UserID                   int32
	Username, Role, Image    string
	Level                    int32
	LevelName                string
	XP, LevelXP, NextLevelXP int32
	Badges                   []Badge
	Achievements             int32
	Rank                     Rank
	ShowFullName             bool
}

// Profile returns the caller's standing; initialized is false (and the profile empty) while the
// levels and badges tables are empty.
func (s *Service) Profile(ctx context.Context) (p Profile, initialized bool, err error) {
	me, err := identity.RequireUser(ctx, errSignedOut)
	if err != nil {
		return Profile{}, false, err
	}
	row, err := s.q.GetGamificationProfile(ctx, me.ID)
	if err != nil {
		return Profile{}, false, fmt.Errorf("profile of user %d: %w", me.ID, store.Err(err))
	}
	if !row.Initialized {
		return Profile{}, false, nil
	}
	badges, err := s.q.ListUserBadges(ctx, me.ID)
	if err != nil {
		return Profile{}, false, fmt.Errorf("badges of user %d: %w", me.ID, err)
	}
	rank, err := s.rank(ctx, me.ID, row.Xp, row.XpReachedAt, row.AheadEstimate)
	if err != nil {
		return Profile{}, false, err
	}
	p = Profile{
		UserID: row.ID, Username: row.Username, Role: row.Role, Image: row.ProfileImage,
		Level: row.Level, LevelName: row.LevelName, XP: row.Xp, LevelXP: row.LevelXp, NextLevelXP: row.NextLevelXp,
		Badges: make([]Badge, len(badges)), Achievements: row.Achievements, Rank: rank, ShowFullName: row.LeaderboardFullName,
	}
	for i, b := range badges {
		p.Badges[i] = Badge{ID: b.ID, Name: b.Name, Description: b.Description, Icon: b.Icon, Category: b.Category, Level: b.Level, EarnedAt: b.EarnedAt}
	}
	return p, true, nil
}

// rank places a user with xp reached at reachedAt, with the planner's estimate of how many rank
// ahead: exact up to the limit, beyond it estimated and rounded to two significant digits (never
// within the limit). Counting stops at the limit, or at the first 100 when the estimate is twice
// the limit or more (counting to the limit would be wasted there, but the first hundred are
// always counted, whatever statistics the planner has).
func (s *Service) rank(ctx context.Context, id, xp int32, reachedAt *time.Time, estimate int64) (Rank, error) {
	if xp <= 0 || reachedAt == nil {
		return Rank{}, nil
	}
	limit := s.exactRank
	if estimate >= 2*int64(limit) {
		limit = min(limit, alwaysCounted)
	}
	ahead, err := s.q.CountAhead(ctx, db.CountAheadParams{Xp: xp, Lim: limit, ReachedAt: *reachedAt, ID: id})
	if err != nil {
		return Rank{}, fmt.Errorf("count users ahead: %w", err)
	}
	if ahead < limit {
		return Rank{Position: ahead + 1}, nil
	}
	return Rank{Position: roundRank(max(estimate, int64(ahead))+1, s.exactRank), Approximate: true}, nil
}

// roundRank rounds an estimated position to two significant digits, keeping it beyond limit.
func roundRank(position int64, limit int32) int32 {
	if position > math.MaxInt32 {
		position = math.MaxInt32
	}
	unit := int64(1)
	for position/unit >= 100 {
		unit *= 10
	}
	rounded := (position + unit/2) / unit * unit
	return max(int32(min(rounded, math.MaxInt32)), limit+1)
}

// RunMigration applies the pending migrations (administrators only) and says how many.
func (s *Service) RunMigration(ctx context.Context) (string, error) {
	if _, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin); err != nil {
		return "", err
	}
	if s.migrate == nil {
		return "", errors.New("run migration: no migrator configured")
	}
	n, err := s.migrate(ctx)
	if err != nil {
		return "", fmt.Errorf("run migration: %w", err)
	}
	if n == 0 {
		return NoPendingMigrations, nil
	}
	return fmt.Sprintf("Applied %d %s", n, plural(int64(n), "migration")), nil
}

// Initialize adds the missing levels, badges and achievements (administrators only) and then
// awards what existing activity already earns; running it again adds nothing.
func (s *Service) Initialize(ctx context.Context) (string, error) {
	if _, err := identity.RequireAdmin(ctx, errAdminSignedOut, errNotAdmin); err != nil {
		return "", err
	}
	if s.seed == nil {
		return "", errors.New("initialize: no seeder configured")
	}
	var levels, badges, achievements int64
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		var err error
		if levels, badges, achievements, err = s.seed(ctx, q); err != nil {
			return fmt.Errorf("initialize: %w", err)
		}
		if levels+badges+achievements == 0 {
			return nil
		}
		return Backfill(ctx, q)
	})
	if err != nil {
		return "", err
	}
	if levels+badges+achievements == 0 {
		return AlreadyInitialized, nil
	}
	return fmt.Sprintf("Added %d %s, %d %s and %d %s", levels, plural(levels, "level"), badges, plural(badges, "badge"),
		achievements, plural(achievements, "achievement")), nil
}

func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
