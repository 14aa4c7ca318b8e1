package server_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/testserver"
)

// The daily cap on ownership documents holds under parallel uploads: an owner sending ten
// uploads of ten documents at once keeps exactly the day's fifty, and every refusal says when
// to try again (Retry-After), as the image quota's does. Counted outside a lock, all ten uploads
// read the same count and were kept.
func TestDocumentQuotaHoldsUnderParallelUploads(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true})
	landlord := signIn(t, srv.URL, "rafael_ortega")
	var property int32
	if err := srv.Pool.QueryRow(context.Background(), `SELECT p.id FROM properties p JOIN users u ON u.id = p.landlord_id
		WHERE u.username = 'rafael_ortega' ORDER BY p.id LIMIT 1`).Scan(&property); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		var n int
		if err := srv.Pool.QueryRow(context.Background(), `SELECT count(*) FROM ownership_documents d
			JOIN users u ON u.id = d.owner_id WHERE u.username = 'rafael_ortega'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 0 {
		t.Fatalf("the demo owner starts with %d documents", n)
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for i := range document.MaxPerUpload {
		w, err := mw.CreateFormFile("documents", fmt.Sprintf("deed-%d.pdf", i))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte("%PDF-1.4\n"))
	}
	_ = mw.Close()
	target := srv.URL + "/api/properties/" + strconv.Itoa(int(property)) + "/upload-documents"

	const uploads = 10 // 100 documents against a cap of 50
	type result struct {
		status int
		header http.Header
		answer restAnswer
	}
	results := make([]result, uploads)
	var wg sync.WaitGroup
	for i := range uploads {
		wg.Go(func() {
			status, header, answer := send(t, http.MethodPost, target, landlord, mw.FormDataContentType(), body.Bytes())
			results[i] = result{status, header, answer}
		})
	}
	wg.Wait()

	kept := 0
	for _, r := range results {
		switch r.status {
		case http.StatusOK, http.StatusCreated:
			kept++
		case http.StatusTooManyRequests:
			if r.header.Get("Retry-After") == "" {
				t.Errorf("a refusal without Retry-After: %+v", r.answer)
			}
			if want := "You have uploaded 50 documents in the last 24 hours: please try again tomorrow."; r.answer.Error != want && r.answer.Message != want {
				t.Errorf("refused with %+v, want %q", r.answer, want)
			}
		default:
			t.Errorf("upload answered %d %+v", r.status, r.answer)
		}
	}
	if want := document.MaxPerDay / document.MaxPerUpload; kept != want {
		t.Errorf("%d of %d uploads kept, want %d", kept, uploads, want)
	}
	if n := count(); n != document.MaxPerDay {
		t.Errorf("%d documents stored, want the day's %d", n, document.MaxPerDay)
	}
}
