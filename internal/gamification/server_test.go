package gamification_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"connectrpc.com/connect"

	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/testserver"
)

func req[T any](token string, msg *T) *connect.Request[T] {
	req := connect.NewRequest(msg)
	if token != "" {
		req.Header().Set("Authorization", "Bearer "+token)
	}
	return req
}

// signIn gives the user a session and returns its token.
func signIn(t *testing.T, srv *testserver.Server, userID int32) string {
	t.Helper()
	token := "token-" + string(rune('a'+userID%26)) + "-" + itoa(userID)
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO sessions (user_id, token_hash, expires_at)
		VALUES ($1, $2, now() + interval '1 day')`, userID, account.HashToken(token)); err != nil {
		t.Fatal(err)
	}
	return token
}

func itoa(n int32) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func code(err error) connect.Code {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Code()
	}
	return 0
}

// The demo data earns its people XP and badges; the profile and leaderboard show them, and only
// administrators may run the migration or initialise.
func TestDemoProfileLeaderboardAndAdminCalls(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := testserver.Start(t, testserver.Options{Demo: true})
	client := gamificationv1connect.NewGamificationServiceClient(http.DefaultClient, srv.URL)

	var top int32
	if err := srv.Pool.QueryRow(ctx, `SELECT id FROM users ORDER BY xp DESC, xp_reached_at, id LIMIT 1`).Scan(&top); err != nil {
		t.Fatal(err)
	}
	token := signIn(t, srv, top)
	prof, err := client.GetProfile(ctx, req(token, &gamificationv1.GetProfileRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	p := prof.Msg.GetProfile()
	if !prof.Msg.GetInitialized() || p.GetXp() <= 0 || len(p.GetBadges()) == 0 || p.GetRank() != 1 {
		t.Fatalf("the top demo user's profile: %+v", prof.Msg)
	}
	board, err := client.GetLeaderboard(ctx, req(token, &gamificationv1.GetLeaderboardRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(board.Msg.GetEntries()) == 0 || board.Msg.GetEntries()[0].GetId() != top || board.Msg.GetOwnRank() != 1 {
		t.Fatalf("leaderboard: %+v", board.Msg)
	}
	if _, err := client.GetProfile(ctx, req("", &gamificationv1.GetProfileRequest{})); code(err) != connect.CodeUnauthenticated {
		t.Errorf("a visitor's profile: %v", err)
	}
	if _, err := client.RunMigration(ctx, req(token, &gamificationv1.RunMigrationRequest{})); code(err) != connect.CodePermissionDenied {
		t.Errorf("a non-admin's migration: %v", err)
	}
	if _, err := client.Initialize(ctx, req(token, &gamificationv1.InitializeRequest{})); code(err) != connect.CodePermissionDenied {
		t.Errorf("a non-admin's initialise: %v", err)
	}
}
