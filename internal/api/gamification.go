package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	"github.com/rentproof/rentproof/internal/gamification"
)

// Gamification serves GamificationService.
type Gamification struct{ svc *gamification.Service }

var _ gamificationv1connect.GamificationServiceHandler = (*Gamification)(nil)

// NewGamification returns the GamificationService handler over svc.
func NewGamification(svc *gamification.Service) *Gamification { return &Gamification{svc: svc} }

// GetProfile returns the caller's standing.
func (h *Gamification) GetProfile(ctx context.Context, _ *connect.Request[gamificationv1.GetProfileRequest]) (*connect.Response[gamificationv1.GetProfileResponse], error) {
	p, initialized, err := h.svc.Profile(ctx)
	if err != nil {
		return nil, err
	}
	if !initialized {
		return connect.NewResponse(&gamificationv1.GetProfileResponse{}), nil
	}
	badges := make([]*gamificationv1.Badge, len(p.Badges))
	for i, b := range p.Badges {
		badges[i] = &gamificationv1.Badge{Id: b.ID, Name: b.Name, Description: b.Description, Icon: b.Icon,
			Category: b.Category, Level: b.Level, EarnedAt: timestamppb.New(b.EarnedAt)}
	}
	return connect.NewResponse(&gamificationv1.GetProfileResponse{Initialized: true, Profile: &gamificationv1.Profile{
		UserId: p.UserID, Username: p.Username, Role: p.Role, ProfileImage: p.Image, Level: p.Level, LevelName: p.LevelName,
		Xp: p.XP, LevelXp: p.LevelXP, NextLevelXp: p.NextLevelXP, Badges: badges, Achievements: p.Achievements,
		Rank: p.Rank.Position, RankApproximate: p.Rank.Approximate, ShowFullName: p.ShowFullName,
	}}), nil
}

// GetLeaderboard returns the top users and the caller's rank.
func (h *Gamification) GetLeaderboard(ctx context.Context, _ *connect.Request[gamificationv1.GetLeaderboardRequest]) (*connect.Response[gamificationv1.GetLeaderboardResponse], error) {
	b, err := h.svc.Leaderboard(ctx)
	if err != nil {
		return nil, err
	}
	entries := make([]*gamificationv1.LeaderboardEntry, len(b.Entries))
	for i, e := range b.Entries {
		entries[i] = &gamificationv1.LeaderboardEntry{Position: e.Position, Id: e.ID, Username: e.Username,
			FirstName: e.FirstName, LastName: e.LastName, ProfileImage: e.Image, Level: e.Level, Xp: e.XP}
	}
	return connect.NewResponse(&gamificationv1.GetLeaderboardResponse{Entries: entries, OwnRank: b.Own.Position,
		OwnRankApproximate: b.Own.Approximate, OwnXp: b.OwnXP}), nil
}

// SetLeaderboardName records the caller's choice of leaderboard name.
func (h *Gamification) SetLeaderboardName(ctx context.Context, req *connect.Request[gamificationv1.SetLeaderboardNameRequest]) (*connect.Response[gamificationv1.SetLeaderboardNameResponse], error) {
	full, err := h.svc.SetLeaderboardName(ctx, req.Msg.GetShowFullName())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&gamificationv1.SetLeaderboardNameResponse{ShowFullName: full}), nil
}

// RunMigration applies the pending migrations (administrators only).
func (h *Gamification) RunMigration(ctx context.Context, _ *connect.Request[gamificationv1.RunMigrationRequest]) (*connect.Response[gamificationv1.RunMigrationResponse], error) {
	msg, err := h.svc.RunMigration(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&gamificationv1.RunMigrationResponse{Message: msg}), nil
}

// Initialize seeds the missing levels and badges (administrators only).
func (h *Gamification) Initialize(ctx context.Context, _ *connect.Request[gamificationv1.InitializeRequest]) (*connect.Response[gamificationv1.InitializeResponse], error) {
	msg, err := h.svc.Initialize(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&gamificationv1.InitializeResponse{Message: msg}), nil
}
