package rest

import (
	"cmp"
	"context"
	"net/http"
	"strconv"

	"connectrpc.com/connect"

	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
)

type (
	// VerificationRPCs serve the verification paths.
	VerificationRPCs = verificationv1connect.VerificationServiceHandler
	// TokenRPCs serve the token paths.
	TokenRPCs = tokenv1connect.TokenServiceHandler
)

// legacyTransactionPage is the page size of GET /api/tokens/transactions without pageSize: older
// clients read the whole list (the 5 newest and "+ N more"), so they get as much as a page holds;
// X-Total-Count has the count in all.
const legacyTransactionPage = 100

func routeVerification(mux *http.ServeMux, rpcs VerificationRPCs) {
	// GET /api/potential-verifiers?role=&query=&page=&pageSize=: a JSON array of {id, username, role}.
	mux.HandleFunc("GET /api/potential-verifiers", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		req := &verificationv1.ListPotentialVerifiersRequest{Role: q.Get("role"), Query: cmp.Or(q.Get("query"), q.Get("search"))}
		if !pageParams(w, q, &req.Page, &req.PageSize) {
			return
		}
		call(w, r, verificationv1connect.VerificationServiceListPotentialVerifiersProcedure, req, rpcs.ListPotentialVerifiers,
			func(res *verificationv1.ListPotentialVerifiersResponse) any { return list(res.GetVerifiers()) })
	})
	// POST /api/properties/{id}/verification-request: the property page's {notes, requestedToId}
	// or the landlord screen's {verifierUsernames, message}; answers {requests: [...]}. The
	// property page's document fields (ownerUsername, hasDocuments, documentsProvided,
	// documentUrls) are not read: owners' documents have their own path.
	mux.HandleFunc("POST /api/properties/{id}/verification-request", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req verificationv1.CreateVerificationRequestRequest
		if decode(w, r, &req) {
			req.PropertyId = id
			call(w, r, verificationv1connect.VerificationServiceCreateVerificationRequestProcedure, &req, rpcs.CreateVerificationRequest,
				func(res *verificationv1.CreateVerificationRequestResponse) any { return message(res) })
		}
	})
	// GET /api/verification-requests/created and /received?page=&pageSize=: a JSON array, newest first.
	requestList(mux, "GET /api/verification-requests/created", verificationv1connect.VerificationServiceListCreatedVerificationRequestsProcedure,
		rpcs.ListCreatedVerificationRequests, func(page, size int32) *verificationv1.ListCreatedVerificationRequestsRequest {
			return &verificationv1.ListCreatedVerificationRequestsRequest{Page: page, PageSize: size}
		})
	requestList(mux, "GET /api/verification-requests/received", verificationv1connect.VerificationServiceListReceivedVerificationRequestsProcedure,
		rpcs.ListReceivedVerificationRequests, func(page, size int32) *verificationv1.ListReceivedVerificationRequestsRequest {
			return &verificationv1.ListReceivedVerificationRequestsRequest{Page: page, PageSize: size}
		})
	// PATCH /api/verification-requests/{id}: {status: approved|rejected, responseMessage}; answers
	// {request, propertyVerified, tokensEarned}.
	mux.HandleFunc("PATCH /api/verification-requests/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req verificationv1.AnswerVerificationRequestRequest
		if decode(w, r, &req) {
			req.Id = id
			call(w, r, verificationv1connect.VerificationServiceAnswerVerificationRequestProcedure, &req, rpcs.AnswerVerificationRequest,
				func(res *verificationv1.AnswerVerificationRequestResponse) any { return message(res) })
		}
	})
}

// requestList routes one of the request lists: paging from the query, a bare JSON array out.
func requestList[Req, Res any, ResPtr interface {
	*Res
	GetRequests() []*verificationv1.VerificationRequest
}](mux *http.ServeMux, pattern, procedure string, method func(context.Context, *connect.Request[Req]) (*connect.Response[Res], error),
	request func(page, size int32) *Req,
) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		var page, size int32
		if !pageParams(w, r.URL.Query(), &page, &size) {
			return
		}
		call(w, r, procedure, request(page, size), method, func(res *Res) any { return list(ResPtr(res).GetRequests()) })
	})
}

func routeTokens(mux *http.ServeMux, rpcs TokenRPCs) {
	// GET /api/tokens/balance: {balance}.
	mux.HandleFunc("GET /api/tokens/balance", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, tokenv1connect.TokenServiceGetBalanceProcedure, &tokenv1.GetBalanceRequest{}, rpcs.GetBalance,
			func(res *tokenv1.GetBalanceResponse) any { return message(res) })
	})
	// GET /api/tokens/transactions?page=&pageSize=: a JSON array, newest first (100 without
	// pageSize); X-Total-Count holds the number of transactions in all.
	mux.HandleFunc("GET /api/tokens/transactions", func(w http.ResponseWriter, r *http.Request) {
		req := &tokenv1.ListTransactionsRequest{}
		if !pageParams(w, r.URL.Query(), &req.Page, &req.PageSize) {
			return
		}
		if req.PageSize == 0 {
			req.PageSize = legacyTransactionPage
		}
		call(w, r, tokenv1connect.TokenServiceListTransactionsProcedure, req, rpcs.ListTransactions, func(res *tokenv1.ListTransactionsResponse) any {
			w.Header().Set("X-Total-Count", strconv.Itoa(int(res.GetTotal())))
			return list(res.GetTransactions())
		})
	})
}
