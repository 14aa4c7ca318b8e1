package rest

import (
	"net/http"
	"strconv"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
)

// AccountSecurityRPCs serve the password and sessions paths.
type AccountSecurityRPCs = accountv1connect.AccountSecurityServiceHandler

// routeAccountSecurity serves the member's password and sessions (issue 30) beside SPEC's
// /api/user paths.
func routeAccountSecurity(mux *http.ServeMux, rpcs AccountSecurityRPCs) {
	// POST /api/user/password: {currentPassword, newPassword}; answers {sessionsEnded}.
	mux.HandleFunc("POST /api/user/password", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.ChangePasswordRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountSecurityServiceChangePasswordProcedure, &req, rpcs.ChangePassword,
				func(res *accountv1.ChangePasswordResponse) any { return message(res) })
		}
	})
	// GET /api/user/sessions: a JSON array of the caller's live sessions, most recently used first.
	mux.HandleFunc("GET /api/user/sessions", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.AccountSecurityServiceListSessionsProcedure, &accountv1.ListSessionsRequest{}, rpcs.ListSessions,
			func(res *accountv1.ListSessionsResponse) any { return list(res.GetSessions()) })
	})
	// DELETE /api/user/sessions/{id}: ends one of the caller's sessions (404 for any other);
	// answers {wasCurrent}.
	mux.HandleFunc("DELETE /api/user/sessions/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil || id < 1 {
			writeMessage(w, http.StatusBadRequest, "Invalid id")
			return
		}
		call(w, r, accountv1connect.AccountSecurityServiceEndSessionProcedure, &accountv1.EndSessionRequest{Id: id}, rpcs.EndSession,
			func(res *accountv1.EndSessionResponse) any { return message(res) })
	})
	// POST /api/user/sessions/end-others: ends every session of the caller's but this one;
	// answers {sessionsEnded}.
	mux.HandleFunc("POST /api/user/sessions/end-others", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.AccountSecurityServiceEndOtherSessionsProcedure, &accountv1.EndOtherSessionsRequest{}, rpcs.EndOtherSessions,
			func(res *accountv1.EndOtherSessionsResponse) any { return message(res) })
	})
}
