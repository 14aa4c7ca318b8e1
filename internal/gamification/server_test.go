package gamification_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/gen/db"
	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// signIn gives the user a session and returns its token.
func signIn(t *testing.T, srv *testserver.Server, userID int32) string {
	t.Helper()
	token := "token-" + strconv.Itoa(int(userID))
	if _, err := srv.Pool.Exec(context.Background(), `INSERT INTO sessions (user_id, token_hash, expires_at)
		VALUES ($1, $2, now() + interval '1 day')`, userID, account.HashToken(token)); err != nil {
		t.Fatal(err)
	}
	return token
}

// startSeeded starts the server on a database with the levels, badges and achievements seeded,
// and checks every user's XP against their activities when the test ends.
func startSeeded(t *testing.T) *testserver.Server {
	t.Helper()
	srv := testserver.Start(t, testserver.Options{})
	t.Cleanup(func() { checkXPIsTheSumOfActivities(t, srv.Pool) })
	if err := store.WithTx(context.Background(), srv.Pool, func(q *db.Queries) error {
		_, _, _, err := seed.Gamification(context.Background(), q)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return srv
}

// restGet GETs a REST path, signed in with token unless it is empty, and returns the status and body.
func restGet(t *testing.T, srv *testserver.Server, path, token string) (int, string) {
	t.Helper()
	r, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, srv.URL+path, http.NoBody)
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
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
	if err := srv.Pool.QueryRow(ctx, `SELECT user_id FROM user_xp ORDER BY xp DESC, xp_reached_at, user_id LIMIT 1`).Scan(&top); err != nil {
		t.Fatal(err)
	}
	token := signIn(t, srv, top)
	prof, err := client.GetProfile(ctx, testworld.As(token, &gamificationv1.GetProfileRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	p := prof.Msg.GetProfile()
	if !prof.Msg.GetInitialized() || p.GetXp() <= 0 || len(p.GetBadges()) == 0 || p.GetRank() != 1 {
		t.Fatalf("the top demo user's profile: %+v", prof.Msg)
	}
	board, err := client.GetLeaderboard(ctx, testworld.As(token, &gamificationv1.GetLeaderboardRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(board.Msg.GetEntries()) == 0 || board.Msg.GetEntries()[0].GetId() != top || board.Msg.GetOwnRank() != 1 {
		t.Fatalf("leaderboard: %+v", board.Msg)
	}
	if _, err := client.GetProfile(ctx, testworld.As("", &gamificationv1.GetProfileRequest{})); code(err) != connect.CodeUnauthenticated {
		t.Errorf("a visitor's profile: %v", err)
	}
	if _, err := client.RunMigration(ctx, testworld.As(token, &gamificationv1.RunMigrationRequest{})); code(err) != connect.CodePermissionDenied {
		t.Errorf("a non-admin's migration: %v", err)
	}
	if _, err := client.Initialize(ctx, testworld.As(token, &gamificationv1.InitializeRequest{})); code(err) != connect.CodePermissionDenied {
		t.Errorf("a non-admin's initialise: %v", err)
	}
}

// Through the real server: reviews earn 20 XP for the first three of the day and the First Review
// badge; 30 established accounts marking a review helpful at once earn its author exactly the
// day's cap (20 votes, 40 XP) and a fresh account's vote nothing; a moderator removing the review
// takes back its 20 and its votes' 40; the REST paths answer the profile and the leaderboard.
func TestActionsEarnXPThroughTheServer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startSeeded(t)
	reviews := reviewv1connect.NewReviewServiceClient(http.DefaultClient, srv.URL)
	games := gamificationv1connect.NewGamificationServiceClient(http.DefaultClient, srv.URL)
	owner := newUser(t, srv.Pool, "Olga", "Owner", "landlord")
	if _, err := srv.Pool.Exec(ctx, `INSERT INTO properties (id, title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES (1, 'Garden flat', '1 Park Lane', 'Leeds', 'apartment', 900, $1, 'garden-flat-1')`, owner); err != nil {
		t.Fatal(err)
	}
	author := newUser(t, srv.Pool, "Ada", "Author", "tenant")
	authorToken := signIn(t, srv, author)
	var first int32
	for i, typ := range []string{"tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"} {
		res, err := reviews.CreateReview(ctx, testworld.As(authorToken, &reviewv1.CreateReviewRequest{PropertyId: 1, Rating: int32(1 + i),
			Title: "Quiet and bright", Content: "Two years here, the heating always worked.", ReviewType: typ, Language: "en"}))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = res.Msg.GetReview().GetId()
		}
	}
	prof, err := games.GetProfile(ctx, testworld.As(authorToken, &gamificationv1.GetProfileRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if p := prof.Msg.GetProfile(); p.GetXp() != 60 || len(p.GetBadges()) != 1 || p.GetBadges()[0].GetName() != "First Review" || p.GetAchievements() != 1 {
		t.Fatalf("after four reviews: %+v", p)
	}

	const voters = 30
	tokens := make([]string, voters+1)
	for i := range voters {
		v := newUser(t, srv.Pool, "Vo", "Ter", "tenant")
		if _, err := srv.Pool.Exec(ctx, `UPDATE users SET created_at = now() - interval '8 days' WHERE id = $1`, v); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Pool.Exec(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
			VALUES (1, $1, 4, 'Fine place', 'A fine place to live for a year.', 'tenant_to_neighborhood')`, v); err != nil {
			t.Fatal(err)
		}
		tokens[i] = signIn(t, srv, v)
	}
	tokens[voters] = signIn(t, srv, newUser(t, srv.Pool, "Fresh", "Voter", "tenant"))
	errs := make([]error, len(tokens))
	var wg sync.WaitGroup
	for i, token := range tokens {
		wg.Go(func() {
			_, errs[i] = reviews.MarkHelpful(ctx, testworld.As(token, &reviewv1.MarkHelpfulRequest{ReviewId: first}))
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	xpOf := func() int32 {
		t.Helper()
		var xp int32
		if err := srv.Pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0)`, author).Scan(&xp); err != nil {
			t.Fatal(err)
		}
		return xp
	}
	if xp := xpOf(); xp != 100 {
		t.Errorf("after %d established votes and a fresh one: %d XP, want 60 + the cap's 40", voters, xp)
	}

	admin := signIn(t, srv, newUser(t, srv.Pool, "Ad", "Min", "admin"))
	if _, err := reviews.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: first, Decision: "remove"})); err != nil {
		t.Fatal(err)
	}
	if xp := xpOf(); xp != 40 {
		t.Errorf("after the removal: %d XP, want 40", xp)
	}

	// Two people asked about the property: one rejects, one approves. Each earns 10, alike;
	// the owner 25 for the verification.
	verifications := verificationv1connect.NewVerificationServiceClient(http.DefaultClient, srv.URL)
	for i, status := range []string{"rejected", "approved"} {
		var id int32
		if err := srv.Pool.QueryRow(ctx, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id)
			SELECT 1, $1, user_id FROM sessions WHERE token_hash = $2 RETURNING id`, owner, account.HashToken(tokens[i])).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if _, err := verifications.AnswerVerificationRequest(ctx, testworld.As(tokens[i], &verificationv1.AnswerVerificationRequestRequest{Id: id, Status: status})); err != nil {
			t.Fatal(err)
		}
	}
	var answers, ownerXP int32
	if err := srv.Pool.QueryRow(ctx, `SELECT (SELECT sum(x.xp) FROM user_xp x JOIN sessions s ON s.user_id = x.user_id WHERE s.token_hash = ANY ($1)),
		coalesce((SELECT xp FROM user_xp WHERE user_id = $2), 0)`, [][]byte{account.HashToken(tokens[0]), account.HashToken(tokens[1])}, owner).Scan(&answers, &ownerXP); err != nil {
		t.Fatal(err)
	}
	if answers != 20 || ownerXP != 25 {
		t.Errorf("answers earned %d XP (want 10 each), the owner %d (want 25)", answers, ownerXP)
	}
	// Withdrawn, the verification's XP goes back; the answers' stay.
	if _, err := verifications.WithdrawVerification(ctx, testworld.As(admin, &verificationv1.WithdrawVerificationRequest{PropertyId: 1, Reason: "Forged"})); err != nil {
		t.Fatal(err)
	}
	if err := srv.Pool.QueryRow(ctx, `SELECT coalesce((SELECT xp FROM user_xp WHERE user_id = $1), 0)`, owner).Scan(&ownerXP); err != nil || ownerXP != 0 {
		t.Errorf("after the withdrawal the owner has %d XP (%v), want 0", ownerXP, err)
	}

	for path, want := range map[string]string{
		"/api/gamification/profile":     `"xp":40`,
		"/api/gamification/leaderboard": `"firstName":"Ada","lastName":"A."`,
	} {
		if status, body := restGet(t, srv, path, authorToken); status != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d %s, want %s", path, status, body, want)
		}
	}
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/api/gamification/initialize", http.NoBody)
	r.Header.Set("Authorization", "Bearer "+authorToken)
	if res, err := http.DefaultClient.Do(r); err != nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("POST initialize by a tenant: %v %v", res.StatusCode, err)
	} else {
		res.Body.Close()
	}
}

// The leaderboard is for signed-in members (as the privacy policy says), over Connect and REST
// alike, and it names each member only as they chose: the username and picture of someone who
// keeps the default name (first name, last initial) are never sent, so they cannot undo it.
func TestLeaderboardShowsMembersOnlyAsTheyChose(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startSeeded(t)
	games := gamificationv1connect.NewGamificationServiceClient(http.DefaultClient, srv.URL)
	open := newUser(t, srv.Pool, "Sam", "Oconnor", "tenant")
	private := newUser(t, srv.Pool, "Kim", "Quietly", "tenant")
	viewer := newUser(t, srv.Pool, "Vic", "Viewer", "tenant")
	usernames := map[int32]string{}
	for _, id := range []int32{open, private} {
		var name string
		if err := srv.Pool.QueryRow(ctx, `UPDATE users SET profile_image = '/uploads/face-' || id || '.jpg' WHERE id = $1 RETURNING username`, id).Scan(&name); err != nil {
			t.Fatal(err)
		}
		usernames[id] = name
		give(t, srv.Pool, gamification.Award{Rule: gamification.RequestAnswered, UserID: id, EntityID: 1})
	}
	if _, err := games.SetLeaderboardName(ctx, testworld.As(signIn(t, srv, open), &gamificationv1.SetLeaderboardNameRequest{ShowFullName: true})); err != nil {
		t.Fatal(err)
	}
	token := signIn(t, srv, viewer)

	board, err := games.GetLeaderboard(ctx, testworld.As(token, &gamificationv1.GetLeaderboardRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int32]string{}
	for _, e := range board.Msg.GetEntries() {
		got[e.GetId()] = e.GetUsername() + "|" + e.GetFirstName() + " " + e.GetLastName() + "|" + e.GetProfileImage()
	}
	want := map[int32]string{
		open:    usernames[open] + "|Sam Oconnor|/uploads/face-" + strconv.Itoa(int(open)) + ".jpg",
		private: "|Kim Q.|",
	}
	if len(got) != 2 || got[open] != want[open] || got[private] != want[private] {
		t.Errorf("the leaderboard over Connect: %v, want %v", got, want)
	}

	status, body := restGet(t, srv, "/api/gamification/leaderboard", token)
	if status != http.StatusOK || !strings.Contains(body, `"username":"`+usernames[open]+`"`) || !strings.Contains(body, `"lastName":"Q."`) {
		t.Errorf("the leaderboard over REST: %d %s", status, body)
	}
	for _, secret := range []string{usernames[private], "Quietly", "face-" + strconv.Itoa(int(private))} {
		if strings.Contains(body, secret) {
			t.Errorf("the REST leaderboard gives away %q: %s", secret, body)
		}
	}

	// Visitors get nothing, on either path.
	_, err = games.GetLeaderboard(ctx, testworld.As("", &gamificationv1.GetLeaderboardRequest{}))
	if ce, ok := errors.AsType[*connect.Error](err); !ok || ce.Code() != connect.CodeUnauthenticated || ce.Message() != "Please sign in to see the leaderboard" {
		t.Errorf("a visitor's leaderboard over Connect: %v", err)
	}
	if status, body := restGet(t, srv, "/api/gamification/leaderboard", ""); status != http.StatusUnauthorized || strings.Contains(body, usernames[open]) || strings.Contains(body, "Sam") {
		t.Errorf("a visitor's leaderboard over REST: %d %s", status, body)
	}
}
