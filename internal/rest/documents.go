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
	"strings"

	"connectrpc.com/connect"

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

// DocumentOpener opens the documents of another kind than owners' at their URL (a tenant's).
type DocumentOpener interface {
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
var DocumentUploadBytes = int64(document.MaxPerUpload)*document.MaxBytes + 1<<20

var documentsTooLarge = fmt.Sprintf("The upload is too large: at most %d documents of %d MB each.", document.MaxPerUpload, document.MaxBytes>>20)

func routeDocuments(mux *http.ServeMux, files DocumentFiles, rpcs DocumentRPCs, tenants DocumentOpener) {
	if files == nil || rpcs == nil {
		return
	}
	// POST /api/properties/{id}/upload-documents: multipart with repeated "documents" parts;
	// answers {success, files: [urls], documents}. Who may upload is settled before a byte of the
	// files is read.
	const uploadName = "POST /api/properties/{id}/upload-documents"
	mux.HandleFunc(uploadName, func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		if !ok {
			return
		}
		var docs []document.Document
		err := rpc.Handle(r.Context(), uploadName, nil, func(ctx context.Context) error {
			if err := files.CanUpload(ctx, id); err != nil {
				return err
			}
			mr, err := r.MultipartReader()
			if err != nil {
				return document.ErrNoDocuments
			}
			docs, err = files.Upload(ctx, id, documentParts(mr))
			return bodyTooLarge(err)
		})
		if err != nil {
			status, msg := uploadFailed(w, r, err, documentsTooLarge)
			writeJSON(w, status, documentUploadAnswer{Success: false, Files: []string{}, Error: msg, Message: msg})
			return
		}
		out := documentUploadAnswer{Success: true, Files: make([]string, len(docs)), Documents: make([]uploadedDocument, len(docs))}
		for i, d := range docs {
			out.Files[i] = d.URL
			out.Documents[i] = uploadedDocument{URL: d.URL, FileName: d.FileName, ContentType: d.ContentType, Bytes: d.Bytes}
		}
		writeJSON(w, http.StatusOK, out)
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
	// verifiers the owner invited; a tenant's document (of a tenancy claim) for that tenant and
	// administrators only. Always a download, never sniffed, never cached.
	const openName = "GET /api/documents/{token}"
	mux.HandleFunc(openName, func(w http.ResponseWriter, r *http.Request) {
		var f document.Opened
		err := rpc.Handle(r.Context(), openName, rpc.Text{"token": r.PathValue("token")}, func(ctx context.Context) error {
			var err error
			f, err = files.Open(ctx, r.URL.Path)
			if errors.Is(err, document.ErrDocMissing) && tenants != nil { // not an owner's: a tenant's, perhaps
				f, err = tenants.Open(ctx, r.URL.Path)
			}
			return err
		})
		if err != nil {
			writeError(w, r, err)
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

// bodyTooLarge marks a body past its path's cap (the server's *http.MaxBytesError, which no
// service maps) as resource_exhausted, as Connect answers a message over its limit, so the chain
// logs it as the client's; the handler answers it 413 in its own words (uploadFailed).
func bodyTooLarge(err error) error {
	if _, tooBig := errors.AsType[*http.MaxBytesError](err); tooBig {
		return connect.NewError(connect.CodeResourceExhausted, err)
	}
	return err
}

// uploadFailed is the status and message of a failed upload (err, mapped by rpc.Handle), passing
// on the error's headers (Retry-After when a daily quota is used up): 413 with tooLarge for a
// body past its cap.
func uploadFailed(w http.ResponseWriter, r *http.Request, err error, tooLarge string) (int, string) {
	if _, tooBig := errors.AsType[*http.MaxBytesError](err); tooBig {
		return http.StatusRequestEntityTooLarge, tooLarge
	}
	ce := rpc.ConnectError(r.Context(), err) // already a *connect.Error: this only types it
	copyHeaders(w.Header(), ce.Meta())
	return statusOf(ce), ce.Message()
}

// documentParts yields the "documents" file parts one at a time, each to be read before the next.
func documentParts(mr *multipart.Reader) iter.Seq2[document.File, error] {
	return fileParts(mr, "documents", document.ErrUnreadable, func(name string, body io.Reader) document.File {
		return document.File{Name: name, Body: body}
	})
}

// fileParts yields the file parts named field one at a time, each to be read before the next;
// a body that breaks off is unreadable (or the server's *http.MaxBytesError), and a file name
// that is not clean text is refused as any rpc's name is (rpc.Names), named after field.
func fileParts[F any](mr *multipart.Reader, field string, unreadable error, file func(name string, body io.Reader) F) iter.Seq2[F, error] {
	return filePartsWith(mr, field, unreadable, func(name string, body io.Reader, _ map[string]string) F { return file(name, body) })
}

// maxFieldBytes caps a text field read beside the files (filePartsWith).
const maxFieldBytes = 256

// filePartsWith is fileParts for forms that describe their files with text fields: file is also
// given the text fields sent so far (each field's latest value, at most maxFieldBytes), so a field
// sent before a file applies to it and to the files after it, until sent again.
func filePartsWith[F any](mr *multipart.Reader, field string, unreadable error, file func(name string, body io.Reader, fields map[string]string) F) iter.Seq2[F, error] {
	return func(yield func(F, error) bool) {
		var none F
		fields := map[string]string{}
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
			if part.FileName() == "" && part.FormName() != field {
				value, err := io.ReadAll(io.LimitReader(part, maxFieldBytes))
				if err != nil {
					if _, tooBig := errors.AsType[*http.MaxBytesError](err); !tooBig {
						err = fmt.Errorf("%w: %w", unreadable, err)
					}
					yield(none, err)
					return
				}
				fields[part.FormName()] = strings.TrimSpace(string(value))
				continue
			}
			if part.FormName() != field || part.FileName() == "" {
				continue
			}
			if err := (rpc.Names{field: part.FileName()}).Check(); err != nil {
				yield(none, err)
				return
			}
			if !yield(file(part.FileName(), part, fields), nil) {
				return
			}
		}
	}
}
