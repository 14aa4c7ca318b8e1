package rest

import (
	"net/http"

	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/rpc"
)

// GamificationRPCs serve the gamification paths.
type GamificationRPCs = gamificationv1connect.GamificationServiceHandler

func routeGamification(mux *http.ServeMux, rpcs GamificationRPCs) {
	// GET /api/gamification/profile: the caller's profile {username, role, profileImage, level, xp,
	// nextLevelXp, badges, …}; 404 while gamification is not initialised (SPEC: the profile is
	// missing), 401 when signed out.
	mux.HandleFunc("GET /api/gamification/profile", func(w http.ResponseWriter, r *http.Request) {
		res, err := rpc.Invoke(r.Context(), gamificationv1connect.GamificationServiceGetProfileProcedure, &gamificationv1.GetProfileRequest{}, rpcs.GetProfile)
		switch {
		case err != nil:
			writeError(w, r, err)
		case !res.Msg.GetInitialized():
			writeError(w, r, rpc.Error(r.Context(), apperr.NotFound("Gamification is not fully initialised yet")))
		default:
			writeJSON(w, http.StatusOK, message(res.Msg.GetProfile()))
		}
	})
	// GET /api/gamification/leaderboard: a JSON array of the top users {position, id, username,
	// firstName, lastName, profileImage, level, xp}, username and picture empty unless the user
	// chose to show their full name; 401 when signed out.
	mux.HandleFunc("GET /api/gamification/leaderboard", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, gamificationv1connect.GamificationServiceGetLeaderboardProcedure, &gamificationv1.GetLeaderboardRequest{}, rpcs.GetLeaderboard,
			func(res *gamificationv1.GetLeaderboardResponse) any { return list(res.GetEntries()) })
	})
	// POST /api/gamification/run-migration: {message}; administrators only.
	mux.HandleFunc("POST /api/gamification/run-migration", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, gamificationv1connect.GamificationServiceRunMigrationProcedure, &gamificationv1.RunMigrationRequest{}, rpcs.RunMigration,
			func(res *gamificationv1.RunMigrationResponse) any { return message(res) })
	})
	// POST /api/gamification/initialize: {message}; administrators only.
	mux.HandleFunc("POST /api/gamification/initialize", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, gamificationv1connect.GamificationServiceInitializeProcedure, &gamificationv1.InitializeRequest{}, rpcs.Initialize,
			func(res *gamificationv1.InitializeResponse) any { return message(res) })
	})
}
