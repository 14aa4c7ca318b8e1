package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload"
)

// restAnswer is what the four hand-written handlers answer on failure: the uploads' own shape
// (error, message) or the shim's (message, errors).
type restAnswer struct {
	Message string
	Error   string
	Errors  []struct{ Field, Message string }
}

// fileForm is a multipart body with one file part in field named name, sent as RFC 2231's
// filename* (percent-encoded UTF-8), which carries any byte a client puts in a name.
func fileForm(t *testing.T, field, name string, content []byte) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename*=UTF-8''%s`, field, url.PathEscape(name)))
	h.Set("Content-Type", "application/octet-stream")
	w, err := mw.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(content)
	_ = mw.Close()
	return mw.FormDataContentType(), b.Bytes()
}

// send makes one request with a bearer token ("": signed out) and reads the JSON answer.
func send(t *testing.T, method, target, token, contentType string, body []byte) (int, http.Header, restAnswer) {
	t.Helper()
	status, header, raw := testworld.Send(t, method, target, token, contentType, bytes.NewReader(body))
	var answer restAnswer
	if err := json.Unmarshal([]byte(raw), &answer); err != nil {
		t.Fatalf("%s %s: %d, not JSON: %q", method, target, status, raw)
	}
	return status, header, answer
}

// The four handlers written by hand (image upload, document upload, the document itself,
// Stripe's webhook) skipped the interceptors: no log line, no text check, and only the image
// upload passed on Retry-After. They now run through the same chain as every rpc: each failure
// is logged as "rpc failed" with the path and its code, text PostgreSQL cannot store (in a file
// name, a path, a body) is refused before any rule runs with the text check's words, nothing is
// stored and nothing is logged as an error, and a used-up quota answers 429 with Retry-After.
func TestHandWrittenHandlersPassTheInterceptors(t *testing.T) {
	t.Parallel()
	logged, errs := &rpcLog{}, &errorLog{}
	srv := testserver.Start(t, testserver.Options{Demo: true, Log: slog.NewMultiHandler(logged, errs), Uploads: upload.Options{PerDay: 1}})
	landlord := signIn(t, srv.URL, "rafael_ortega")
	var property int32
	if err := srv.Pool.QueryRow(context.Background(), `SELECT p.id FROM properties p JOIN users u ON u.id = p.landlord_id
		WHERE u.username = 'rafael_ortega' ORDER BY p.id LIMIT 1`).Scan(&property); err != nil {
		t.Fatal(err)
	}
	const (
		images    = "POST /api/upload/property-images"
		photos    = "POST /api/upload/review-photos"
		documents = "POST /api/properties/{id}/upload-documents"
		document  = "GET /api/documents/{token}"
		webhook   = "POST /api/stripe/webhook"
	)
	uploadDocuments := srv.URL + "/api/properties/" + strconv.Itoa(int(property)) + "/upload-documents"
	before := snapshot(t, srv.Pool)

	// wantLogged checks that the last request logged one "rpc failed" line for procedure, with code.
	wantLogged := func(t *testing.T, procedure, code string) {
		t.Helper()
		if lines := logged.take(); len(lines) != 1 || lines[0][0] != procedure || lines[0][1] != code {
			t.Errorf("logged %q, want one rpc failed line for %s with code %s", lines, procedure, code)
		}
	}

	t.Run("failures are logged like every rpc's", func(t *testing.T) {
		form, body := fileForm(t, "images", "flat.png", testworld.SmallPNG(t))
		photoForm, photoBody := fileForm(t, "photos", "hall.png", testworld.SmallPNG(t))
		for _, c := range []struct {
			name, method, target, contentType, procedure, code string
			body                                               []byte
			status                                             int
			message                                            string
		}{
			{"image upload signed out", "POST", srv.URL + "/api/upload/property-images", form, images, "unauthenticated", body,
				http.StatusUnauthorized, "Please sign in to add a property"},
			{"photo upload signed out", "POST", srv.URL + "/api/upload/review-photos", photoForm, photos, "unauthenticated", photoBody,
				http.StatusUnauthorized, "Please sign in to add photos to a review"},
			{"document upload signed out", "POST", uploadDocuments, form, documents, "unauthenticated", body,
				http.StatusUnauthorized, "Please sign in to verify your property."},
			{"document signed out", "GET", srv.URL + "/api/documents/0123456789abcdef0123456789abcdef.pdf", "", document, "unauthenticated", nil,
				http.StatusUnauthorized, "Please sign in to open this document."},
			{"webhook without Stripe", "POST", srv.URL + "/api/stripe/webhook", "application/json", webhook, "failed_precondition", []byte(`{"id":"evt_1"}`),
				http.StatusConflict, "Webhooks are not configured."},
		} {
			t.Run(c.name, func(t *testing.T) {
				status, _, answer := send(t, c.method, c.target, "", c.contentType, c.body)
				if status != c.status || (answer.Message != c.message && answer.Error != c.message) {
					t.Errorf("%d %+v, want %d %q", status, answer, c.status, c.message)
				}
				wantLogged(t, c.procedure, c.code)
			})
		}
	})

	for _, bad := range badTexts {
		t.Run("refuses "+bad.name, func(t *testing.T) {
			name := "deed" + bad.wire + ".pdf" // the wire form: the raw bytes
			imageForm, imageBody := fileForm(t, "images", name, testworld.SmallPNG(t))
			photoForm, photoBody := fileForm(t, "photos", name, testworld.SmallPNG(t))
			documentForm, documentBody := fileForm(t, "documents", name, []byte("%PDF-1.4\n"))
			for _, c := range []struct {
				name, method, target, token, contentType, procedure, field string
				body                                                       []byte
			}{
				{"image file name", "POST", srv.URL + "/api/upload/property-images", landlord, imageForm, images, "", imageBody},
				{"photo file name", "POST", srv.URL + "/api/upload/review-photos", landlord, photoForm, photos, "", photoBody},
				{"document file name", "POST", uploadDocuments, landlord, documentForm, documents, "", documentBody},
				{"document token", "GET", srv.URL + "/api/documents/" + bad.query + ".pdf", landlord, "", document, "token", nil},
				{"webhook body", "POST", srv.URL + "/api/stripe/webhook", "", "application/json", webhook, "body", []byte(`{"id":"evt_` + bad.wire + `"}`)},
			} {
				t.Run(c.name, func(t *testing.T) {
					status, _, answer := send(t, c.method, c.target, c.token, c.contentType, c.body)
					if status != http.StatusBadRequest || (answer.Message != bad.want && answer.Error != bad.want) {
						t.Fatalf("%d %+v, want 400 %q", status, answer, bad.want)
					}
					if c.field != "" && (len(answer.Errors) != 1 || answer.Errors[0].Field != c.field) {
						t.Errorf("errors %+v, want the field %s", answer.Errors, c.field)
					}
					wantLogged(t, c.procedure, "invalid_argument")
				})
			}
		})
	}

	if after := snapshot(t, srv.Pool); fmt.Sprint(after) != fmt.Sprint(before) {
		for table, state := range after {
			if before[table] != state {
				t.Errorf("table %s changed", table)
			}
		}
	}

	t.Run("a used-up quota passes Retry-After on", func(t *testing.T) {
		form, body := fileForm(t, "images", "flat.png", testworld.SmallPNG(t))
		if status, _, answer := send(t, "POST", srv.URL+"/api/upload/property-images", landlord, form, body); status != http.StatusOK {
			t.Fatalf("the day's one image: %d %+v", status, answer)
		}
		status, header, answer := send(t, "POST", srv.URL+"/api/upload/property-images", landlord, form, body)
		if secs, _ := strconv.Atoi(header.Get("Retry-After")); status != http.StatusTooManyRequests || secs < 86000 || secs > 86400 {
			t.Errorf("%d %+v, Retry-After %q: want 429 and about a day", status, answer, header.Get("Retry-After"))
		}
		wantLogged(t, images, "resource_exhausted")
	})

	if lines := errs.errors(); len(lines) > 0 {
		t.Errorf("%d ERROR log lines, first: %s", len(lines), lines[0])
	}
}
