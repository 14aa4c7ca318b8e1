package rest

import (
	"net/http"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
)

// ClosureRPCs serve deleting an account and the administrators' account paths (issue 30).
type ClosureRPCs interface {
	accountv1connect.AccountClosureServiceHandler
	adminv1connect.AdminAccountServiceHandler
}

func routeClosure(mux *http.ServeMux, rpcs ClosureRPCs) {
	if rpcs == nil {
		return
	}
	// DELETE /api/user/account: {username, password, deleteReviews}; answers {success: true}
	// and clears the session cookie.
	mux.HandleFunc("DELETE /api/user/account", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.DeleteAccountRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.AccountClosureServiceDeleteAccountProcedure, &req, rpcs.DeleteAccount,
				func(*accountv1.DeleteAccountResponse) any { return success{true} })
		}
	})
	// GET /api/admin/users?query=…: at most 20 accounts (a JSON array).
	mux.HandleFunc("GET /api/admin/users", func(w http.ResponseWriter, r *http.Request) {
		req := adminv1.FindAccountsRequest{Query: r.URL.Query().Get("query")}
		call(w, r, adminv1connect.AdminAccountServiceFindAccountsProcedure, &req, rpcs.FindAccounts,
			func(res *adminv1.FindAccountsResponse) any { return list(res.GetAccounts()) })
	})
	// POST /api/admin/users/{id}/suspend and /reinstate: {reason}; answer the account.
	mux.HandleFunc("POST /api/admin/users/{id}/suspend", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		var req adminv1.SuspendAccountRequest
		if ok && decode(w, r, &req) {
			req.UserId = id
			call(w, r, adminv1connect.AdminAccountServiceSuspendAccountProcedure, &req, rpcs.SuspendAccount,
				func(res *adminv1.SuspendAccountResponse) any { return message(res.GetAccount()) })
		}
	})
	mux.HandleFunc("POST /api/admin/users/{id}/reinstate", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		var req adminv1.ReinstateAccountRequest
		if ok && decode(w, r, &req) {
			req.UserId = id
			call(w, r, adminv1connect.AdminAccountServiceReinstateAccountProcedure, &req, rpcs.ReinstateAccount,
				func(res *adminv1.ReinstateAccountResponse) any { return message(res.GetAccount()) })
		}
	})
}
