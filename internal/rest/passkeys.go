package rest

import (
	"net/http"
	"strconv"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
)

// PasskeyRPCs serve the passkey paths.
type PasskeyRPCs = accountv1connect.PasskeyServiceHandler

// routePasskeys maps the passkey paths beside SPEC's /api/user ones: a member's own passkeys
// under /api/user/passkeys, the sign-in (signed out) under /api/passkeys/sign-in. Each ceremony's
// options and the browser's answer travel as JSON text (optionsJson, credentialJson).
func routePasskeys(mux *http.ServeMux, rpcs PasskeyRPCs) {
	if rpcs == nil {
		return
	}
	// GET /api/user/passkeys: {passkeys, required}.
	mux.HandleFunc("GET /api/user/passkeys", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.PasskeyServiceListPasskeysProcedure, &accountv1.ListPasskeysRequest{}, rpcs.ListPasskeys,
			func(res *accountv1.ListPasskeysResponse) any { return message(res) })
	})
	// POST /api/user/passkeys/registration/begin: {password}; answers {optionsJson}.
	mux.HandleFunc("POST /api/user/passkeys/registration/begin", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.BeginPasskeyRegistrationRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.PasskeyServiceBeginPasskeyRegistrationProcedure, &req, rpcs.BeginPasskeyRegistration,
				func(res *accountv1.BeginPasskeyRegistrationResponse) any { return message(res) })
		}
	})
	// POST /api/user/passkeys/registration/finish: {credentialJson, name}; answers the passkey.
	mux.HandleFunc("POST /api/user/passkeys/registration/finish", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.FinishPasskeyRegistrationRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.PasskeyServiceFinishPasskeyRegistrationProcedure, &req, rpcs.FinishPasskeyRegistration,
				func(res *accountv1.FinishPasskeyRegistrationResponse) any { return message(res.GetPasskey()) })
		}
	})
	// PUT /api/user/passkeys/{id}: {name}; answers the passkey.
	mux.HandleFunc("PUT /api/user/passkeys/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := passkeyID(w, r)
		var req accountv1.RenamePasskeyRequest
		if ok && decode(w, r, &req) {
			req.Id = id
			call(w, r, accountv1connect.PasskeyServiceRenamePasskeyProcedure, &req, rpcs.RenamePasskey,
				func(res *accountv1.RenamePasskeyResponse) any { return message(res.GetPasskey()) })
		}
	})
	// DELETE /api/user/passkeys/{id}: {password}; answers {success}.
	mux.HandleFunc("DELETE /api/user/passkeys/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := passkeyID(w, r)
		var req accountv1.DeletePasskeyRequest
		if ok && decode(w, r, &req) {
			req.Id = id
			call(w, r, accountv1connect.PasskeyServiceDeletePasskeyProcedure, &req, rpcs.DeletePasskey,
				func(*accountv1.DeletePasskeyResponse) any { return success{true} })
		}
	})
	// PUT /api/user/passkeys/required: {required, password}; answers {success}.
	mux.HandleFunc("PUT /api/user/passkeys/required", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.SetPasskeyRequiredRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.PasskeyServiceSetPasskeyRequiredProcedure, &req, rpcs.SetPasskeyRequired,
				func(*accountv1.SetPasskeyRequiredResponse) any { return success{true} })
		}
	})
	// POST /api/user/passkeys/confirmation/begin: answers {optionsJson}.
	mux.HandleFunc("POST /api/user/passkeys/confirmation/begin", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.PasskeyServiceBeginPasskeyConfirmationProcedure, &accountv1.BeginPasskeyConfirmationRequest{}, rpcs.BeginPasskeyConfirmation,
			func(res *accountv1.BeginPasskeyConfirmationResponse) any { return message(res) })
	})
	// POST /api/user/passkeys/confirmation/finish: {credentialJson}; answers {confirmedUntil}.
	mux.HandleFunc("POST /api/user/passkeys/confirmation/finish", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.FinishPasskeyConfirmationRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.PasskeyServiceFinishPasskeyConfirmationProcedure, &req, rpcs.FinishPasskeyConfirmation,
				func(res *accountv1.FinishPasskeyConfirmationResponse) any { return message(res) })
		}
	})
	// POST /api/passkeys/sign-in/begin: answers {optionsJson}.
	mux.HandleFunc("POST /api/passkeys/sign-in/begin", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.PasskeyServiceBeginPasskeySignInProcedure, &accountv1.BeginPasskeySignInRequest{}, rpcs.BeginPasskeySignIn,
			func(res *accountv1.BeginPasskeySignInResponse) any { return message(res) })
	})
	// POST /api/passkeys/sign-in/finish: {credentialJson}; answers the user and sets the cookies.
	mux.HandleFunc("POST /api/passkeys/sign-in/finish", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.FinishPasskeySignInRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.PasskeyServiceFinishPasskeySignInProcedure, &req, rpcs.FinishPasskeySignIn,
				func(res *accountv1.FinishPasskeySignInResponse) any { return message(res.GetUser()) })
		}
	})
}

// passkeyID reads a passkey's positive int64 id from the path, answering 400 when it is not one.
func passkeyID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		writeMessage(w, http.StatusBadRequest, "Invalid id")
		return 0, false
	}
	return id, true
}
