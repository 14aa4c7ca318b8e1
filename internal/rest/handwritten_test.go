package rest_test

import (
	"bytes"
	"context"
	"iter"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/payment/v1/paymentv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/rest"
	"github.com/rentproof/rentproof/internal/upload"
)

// limited is a service that refuses everything as a rate limit with a Retry-After, as
// internal/ratelimit's refusals do.
type limited struct {
	adminv1connect.UnimplementedDocumentServiceHandler
}

var errLimited = &apperr.Error{Kind: apperr.ErrResourceExhausted, Message: "Too many. Please try again later.", RetryAfter: 90 * time.Second}

func (limited) CanList(context.Context) error         { return nil }
func (limited) CanUploadPhotos(context.Context) error { return nil }
func (limited) UploadPhotos(context.Context, iter.Seq2[upload.File, error]) ([]string, error) {
	return nil, errLimited
}
func (limited) UploadImages(context.Context, iter.Seq2[upload.File, error]) ([]string, error) {
	return nil, errLimited
}
func (limited) CanUpload(context.Context, int32) error { return nil }
func (limited) Upload(context.Context, int32, iter.Seq2[document.File, error]) ([]document.Document, error) {
	return nil, errLimited
}
func (limited) Open(context.Context, string) (document.Opened, error) {
	return document.Opened{}, errLimited
}
func (limited) HandleWebhook(context.Context, []byte, string) error { return errLimited }

// Each hand-written handler passes a rate limit's Retry-After on with its 429, as every rpc's
// REST path does (only the image upload did).
func TestHandWrittenHandlersPassRetryAfterOn(t *testing.T) {
	t.Parallel()
	svc := limited{}
	h := rest.New(rest.Handlers{
		PropertyImages: svc, ReviewPhotos: svc, Documents: svc, Document: svc, StripeWebhook: svc,
		// The generated paths are not asked here.
		Account: accountv1connect.UnimplementedAccountServiceHandler{}, Resource: resourcev1connect.UnimplementedResourceServiceHandler{},
		Property: propertyv1connect.UnimplementedPropertyServiceHandler{}, Review: reviewv1connect.UnimplementedReviewServiceHandler{},
		Statistics: statisticsv1connect.UnimplementedStatisticsServiceHandler{}, Verification: verificationv1connect.UnimplementedVerificationServiceHandler{},
		Token: tokenv1connect.UnimplementedTokenServiceHandler{}, Payment: paymentv1connect.UnimplementedPaymentServiceHandler{},
		Gamification: gamificationv1connect.UnimplementedGamificationServiceHandler{}, Contact: contactv1connect.UnimplementedContactServiceHandler{},
	})
	form := func(field string) (string, []byte) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		w, _ := mw.CreateFormFile(field, "a.png")
		_, _ = w.Write([]byte("x"))
		_ = mw.Close()
		return mw.FormDataContentType(), b.Bytes()
	}
	imageType, imageBody := form("images")
	photoType, photoBody := form("photos")
	documentType, documentBody := form("documents")
	for _, c := range []struct {
		name, method, path, contentType string
		body                            []byte
	}{
		{"image upload", "POST", "/api/upload/property-images", imageType, imageBody},
		{"photo upload", "POST", "/api/upload/review-photos", photoType, photoBody},
		{"document upload", "POST", "/api/properties/3/upload-documents", documentType, documentBody},
		{"document", "GET", "/api/documents/0123456789abcdef0123456789abcdef.pdf", "", nil},
		{"webhook", "POST", "/api/stripe/webhook", "application/json", []byte(`{"id":"evt_1"}`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(c.method, c.path, bytes.NewReader(c.body))
			if c.contentType != "" {
				req.Header.Set("Content-Type", c.contentType)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "90" || !bytes.Contains(rec.Body.Bytes(), []byte(errLimited.Message)) {
				t.Errorf("%d, Retry-After %q, %s: want 429, 90 and the message", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
			}
		})
	}
}
