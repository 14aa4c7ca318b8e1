package rest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/rpc"
)

type (
	// DocumentRPCs serve direct verification.
	DocumentRPCs = adminv1connect.DocumentServiceHandler
)

// DocumentFiles stores and opens ownership documents: the document service, which decides who
// may upload and who may read.
type DocumentFiles interface {
	CanUpload(ctx context.Context, propertyID int32) error
	Upload(ctx context.Context, propertyID int32, files iter.Seq2[document.File, error]) ([]document.Document, error)
	Open(ctx context.Context, url string) (document.Opened, error)
}

// documentUploadAnswer is SPEC §7's "files" answer, with each document described.
type documentUploadAnswer struct {
	Success   bool               `json:"success"`
	Files     []string           `json:"files"`
	Documents []uploadedDocument `json:"documents,omitempty"`
	Error     string             `json:"error,omitempty"`
	Message   string             `json:"message,omitempty"`
}

type uploadedDocument struct {
	URL         string `json:"url"`
	FileName    string `json:"fileName"`
	ContentType string `json:"contentType"`
	Bytes       int32  `json:"bytes"`
}

// DocumentUploadBytes caps the body of an upload-documents request: MaxPerUpload documents of
// MaxBytes, plus form overhead (the server's body limit for that path).
const DocumentUploadBytes = int64(document.MaxPerUpload)*document.MaxBytes + 1<<20

var documentsTooLarge = fmt.Sprintf("The upload is too large: at most %d documents of %d MB each.", document.MaxPerUpload, document.MaxBytes>>20)

func routeDocuments(mux *http.ServeMux, files DocumentFiles, rpcs DocumentRPCs) {
	if files == nil || rpcs == nil {
		return
	}
	// POST /api/properties/{id}/upload-documents: multipart with repeated "documents" parts;
	// answers {success, files: [urls], documents}. Who may upload is settled before a byte of the
	// files is read.
	mux.HandleFunc("POST /api/properties/{id}/upload-documents", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		err := files.CanUpload(r.Context(), id)
		if err == nil {
			var mr *multipart.Reader
			if mr, err = r.MultipartReader(); err != nil {
				err = document.ErrNoDocuments
			} else {
				var docs []document.Document
				if docs, err = files.Upload(r.Context(), id, documentParts(mr)); err == nil {
					out := documentUploadAnswer{Success: true, Files: make([]string, len(docs)), Documents: make([]uploadedDocument, len(docs))}
					for i, d := range docs {
						out.Files[i] = d.URL
						out.Documents[i] = uploadedDocument{URL: d.URL, FileName: d.FileName, ContentType: d.ContentType, Bytes: d.Bytes}
					}
					writeJSON(w, http.StatusOK, out)
					return
				}
			}
		}
		status, msg := http.StatusRequestEntityTooLarge, documentsTooLarge
		if _, tooBig := errors.AsType[*http.MaxBytesError](err); !tooBig {
			ce := rpc.ConnectError(r.Context(), err)
			status, msg = statusOf(ce), ce.Message()
		}
		writeJSON(w, status, documentUploadAnswer{Success: false, Files: []string{}, Error: msg, Message: msg})
	})
	// POST /api/properties/{id}/direct-verification: {documentUrls, notes, documentsProvided,
	// selfVerified}; answers {requestId, propertyVerified: false, documents}: the request waits
	// for the administrators.
	mux.HandleFunc("POST /api/properties/{id}/direct-verification", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var req adminv1.SubmitDirectVerificationRequest
		if decode(w, r, &req) {
			req.PropertyId = id
			call(w, r, adminv1connect.DocumentServiceSubmitDirectVerificationProcedure, &req, rpcs.SubmitDirectVerification,
				func(res *adminv1.SubmitDirectVerificationResponse) any { return message(res) })
		}
	})
	// GET /api/documents/{token}: the document itself, for its owner, administrators and the
	// verifiers the owner invited; always a download, never sniffed, never cached.
	mux.HandleFunc("GET /api/documents/{token}", func(w http.ResponseWriter, r *http.Request) {
		f, err := files.Open(r.Context(), r.URL.Path)
		if err != nil {
			writeError(w, r, rpc.ConnectError(r.Context(), err))
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
		disposition := mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName})
		if disposition == "" {
			disposition = "attachment"
		}
		h.Set("Content-Disposition", disposition)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		w.WriteHeader(http.StatusOK)
		if _, err := io.Copy(w, f); err != nil {
			slog.WarnContext(r.Context(), "send document", "err", err)
		}
	})
}

// documentParts yields the "documents" file parts one at a time, each to be read before the next.
func documentParts(mr *multipart.Reader) iter.Seq2[document.File, error] {
	return fileParts(mr, "documents", document.ErrUnreadable, func(name string, body io.Reader) document.File {
		return document.File{Name: name, Body: body}
	})
}

// fileParts yields the file parts named field one at a time, each to be read before the next;
// a body that breaks off is unreadable (or the server's *http.MaxBytesError).
func fileParts[F any](mr *multipart.Reader, field string, unreadable error, file func(name string, body io.Reader) F) iter.Seq2[F, error] {
	return func(yield func(F, error) bool) {
		var none F
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				if _, tooBig := errors.AsType[*http.MaxBytesError](err); !tooBig {
					err = fmt.Errorf("%w: %w", unreadable, err)
				}
				yield(none, err)
				return
			}
			if part.FormName() != field || part.FileName() == "" {
				continue
			}
			if !yield(file(part.FileName(), part), nil) {
				return
			}
		}
	}
}
