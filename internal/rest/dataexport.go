package rest

import (
	"context"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/rpc"
)

type (
	// DataExportRPCs serve /settings › Your data.
	DataExportRPCs = accountv1connect.DataExportServiceHandler
)

// DataExportFiles opens a member's built export: the export service, which decides who may.
type DataExportFiles interface {
	Open(ctx context.Context, token string) (dataexport.Opened, error)
}

func routeDataExports(mux *http.ServeMux, rpcs DataExportRPCs, files DataExportFiles) {
	if rpcs == nil {
		return
	}
	// POST /api/user/export: asks for an export of the caller's data; answers {export}.
	mux.HandleFunc("POST /api/user/export", func(w http.ResponseWriter, r *http.Request) {
		var req accountv1.RequestDataExportRequest
		if decode(w, r, &req) {
			call(w, r, accountv1connect.DataExportServiceRequestDataExportProcedure, &req, rpcs.RequestDataExport,
				func(res *accountv1.RequestDataExportResponse) any { return message(res) })
		}
	})
	// GET /api/user/exports: the caller's exports {exports, nextRequestAt}.
	mux.HandleFunc("GET /api/user/exports", func(w http.ResponseWriter, r *http.Request) {
		call(w, r, accountv1connect.DataExportServiceListDataExportsProcedure, &accountv1.ListDataExportsRequest{}, rpcs.ListDataExports,
			func(res *accountv1.ListDataExportsResponse) any { return message(res) })
	})
	if files == nil {
		return
	}
	// GET /api/user/exports/{token}/download: the zip, for the member who asked for it only, while
	// it is ready. Always a download, never cached.
	const downloadName = "GET /api/user/exports/{token}/download"
	mux.HandleFunc(downloadName, func(w http.ResponseWriter, r *http.Request) {
		var f dataexport.Opened
		err := rpc.Handle(r.Context(), downloadName, rpc.Text{"token": r.PathValue("token")}, func(ctx context.Context) error {
			var err error
			f, err = files.Open(ctx, r.PathValue("token"))
			return err
		})
		if err != nil {
			writeError(w, r, err)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", "application/zip")
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName}))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		w.WriteHeader(http.StatusOK)
		if _, err := io.Copy(w, f); err != nil {
			slog.WarnContext(r.Context(), "send data export", "err", err)
		}
	})
}
