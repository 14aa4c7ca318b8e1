package rest

import (
	"context"
	"fmt"
	"io"
	"iter"
	"mime/multipart"
	"net/http"

	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/rpc"
	"github.com/rentproof/rentproof/internal/tenancy"
)

// TenancyRPCs serve the tenancy paths.
type TenancyRPCs = tenancyv1connect.TenancyServiceHandler

// TenancyFiles stores and opens tenants' documents: the tenancy service, which decides who may
// send and who may read them.
type TenancyFiles interface {
	DocumentOpener
	CanUpload(ctx context.Context, id int32) error
	Upload(ctx context.Context, id int32, files iter.Seq2[tenancy.File, error]) (tenancy.Tenancy, error)
}

var tenancyDocumentsTooLarge = fmt.Sprintf("The upload is too large: at most %d documents of %d MB each.", tenancy.MaxDocumentsPerClaim, document.MaxBytes>>20)

func routeTenancies(mux *http.ServeMux, rpcs TenancyRPCs, files TenancyFiles) {
	if rpcs == nil {
		return
	}
	// POST /api/tenancies: {propertyId, fromMonth, toMonth, message}; answers {tenancy}.
	mux.HandleFunc("POST /api/tenancies", func(w http.ResponseWriter, r *http.Request) {
		var req tenancyv1.ClaimTenancyRequest
		if decode(w, r, &req) {
			call(w, r, tenancyv1connect.TenancyServiceClaimTenancyProcedure, &req, rpcs.ClaimTenancy,
				func(res *tenancyv1.ClaimTenancyResponse) any { return message(res) })
		}
	})
	// GET /api/tenancies: the caller's claims, newest first, as a JSON array.
	mux.HandleFunc("GET /api/tenancies", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, tenancyv1connect.TenancyServiceListMyTenanciesProcedure, &tenancyv1.ListMyTenanciesRequest{}, rpcs.ListMyTenancies,
			func(res *tenancyv1.ListMyTenanciesResponse) any { return list(res.GetTenancies()) })
	})
	// GET /api/tenancies/{id}: one claim, to its tenant, the property's owner or an administrator.
	mux.HandleFunc("GET /api/tenancies/{id}", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID(w, r, "id"); ok {
			call(w, r, tenancyv1connect.TenancyServiceGetTenancyProcedure, &tenancyv1.GetTenancyRequest{Id: id}, rpcs.GetTenancy,
				func(res *tenancyv1.GetTenancyResponse) any { return message(res.GetTenancy()) })
		}
	})
	// POST /api/tenancies/{id}/confirm: the owner's confirmation; answers {tenancy}.
	mux.HandleFunc("POST /api/tenancies/{id}/confirm", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID(w, r, "id"); ok {
			call(w, r, tenancyv1connect.TenancyServiceConfirmTenancyProcedure, &tenancyv1.ConfirmTenancyRequest{Id: id}, rpcs.ConfirmTenancy,
				func(res *tenancyv1.ConfirmTenancyResponse) any { return message(res) })
		}
	})
	// POST /api/tenancies/{id}/cannot-confirm: {message}, the owner's "I can't confirm this";
	// answers {tenancy}.
	mux.HandleFunc("POST /api/tenancies/{id}/cannot-confirm", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req tenancyv1.CannotConfirmTenancyRequest
		if decode(w, r, &req) {
			req.Id = id
			call(w, r, tenancyv1connect.TenancyServiceCannotConfirmTenancyProcedure, &req, rpcs.CannotConfirmTenancy,
				func(res *tenancyv1.CannotConfirmTenancyResponse) any { return message(res) })
		}
	})
	// POST /api/tenancies/{id}/withdraw: the tenant withdraws the claim; answers {tenancy}.
	mux.HandleFunc("POST /api/tenancies/{id}/withdraw", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID(w, r, "id"); ok {
			call(w, r, tenancyv1connect.TenancyServiceWithdrawTenancyProcedure, &tenancyv1.WithdrawTenancyRequest{Id: id}, rpcs.WithdrawTenancy,
				func(res *tenancyv1.WithdrawTenancyResponse) any { return message(res) })
		}
	})
	// GET /api/properties/{id}/tenancy-claims: the claims on the caller's property, as a JSON array.
	mux.HandleFunc("GET /api/properties/{id}/tenancy-claims", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID(w, r, "id"); ok {
			call(w, r, tenancyv1connect.TenancyServiceListTenancyClaimsProcedure, &tenancyv1.ListTenancyClaimsRequest{PropertyId: id}, rpcs.ListTenancyClaims,
				func(res *tenancyv1.ListTenancyClaimsResponse) any { return list(res.GetTenancies()) })
		}
	})
	if files == nil {
		return
	}
	// POST /api/tenancies/{id}/documents: multipart with a "kind" field (lease, rent_receipt,
	// deposit_certificate, utility_bill or council_tax_bill) before the "documents" file parts it
	// describes (a later "kind" applies to the files after it); answers {tenancy}, now waiting for
	// an administrator. Who may send is settled before a byte of the files is read.
	const uploadName = "POST /api/tenancies/{id}/documents"
	mux.HandleFunc(uploadName, func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		err := rpc.Handle(r.Context(), uploadName, nil, func(ctx context.Context) error {
			if err := files.CanUpload(ctx, id); err != nil {
				return err
			}
			mr, err := r.MultipartReader()
			if err != nil {
				return tenancy.ErrNoDocuments
			}
			_, err = files.Upload(ctx, id, tenancyParts(mr))
			return bodyTooLarge(err)
		})
		if err != nil {
			status, msg := uploadFailed(w, r, err, tenancyDocumentsTooLarge)
			writeJSON(w, status, map[string]string{"error": msg, "message": msg})
			return
		}
		call(w, r, tenancyv1connect.TenancyServiceGetTenancyProcedure, &tenancyv1.GetTenancyRequest{Id: id}, rpcs.GetTenancy,
			func(res *tenancyv1.GetTenancyResponse) any { return message(res) })
	})
}

// tenancyParts yields the "documents" file parts one at a time, each with the "kind" sent before it.
func tenancyParts(mr *multipart.Reader) iter.Seq2[tenancy.File, error] {
	return filePartsWith(mr, "documents", document.ErrUnreadable, func(name string, body io.Reader, fields map[string]string) tenancy.File {
		return tenancy.File{Kind: fields["kind"], File: document.File{Name: name, Body: body}}
	})
}
