package rest

import (
	"context"
	"fmt"
	"io"
	"iter"
	"mime/multipart"
	"net/http"

	"github.com/rentproof/rentproof/internal/rpc"
	"github.com/rentproof/rentproof/internal/upload"
)

// ImageUploader stores property images: the property service, which decides who may upload.
type ImageUploader interface {
	CanList(ctx context.Context) error
	UploadImages(ctx context.Context, files iter.Seq2[upload.File, error]) ([]string, error)
}

// PhotoUploader stores review photos: the review service, which decides who may upload.
type PhotoUploader interface {
	CanUploadPhotos(ctx context.Context) error
	UploadPhotos(ctx context.Context, files iter.Seq2[upload.File, error]) ([]string, error)
}

// uploadAnswer is the SPEC §7 shape: success, files (urls), error.
type uploadAnswer struct {
	Success bool     `json:"success"`
	Files   []string `json:"files"`
	Error   string   `json:"error,omitempty"`
	Message string   `json:"message,omitempty"`
}

// routeUploads serves the image uploads, multipart with repeated file parts:
// POST /api/upload/property-images ("images", SPEC §7) for listings, and
// POST /api/upload/review-photos ("photos") for reviews, which any signed-in member may use.
// Multipart is what protobuf carries badly, so the handlers are written by hand, and run through
// the interceptors with rpc.Handle; the rules (who, how many, what content, how large) are the
// services'.
func routeUploads(mux *http.ServeMux, images ImageUploader, photos PhotoUploader) {
	routeUpload(mux, "POST /api/upload/property-images", "images", images.CanList, images.UploadImages)
	if photos != nil {
		routeUpload(mux, "POST /api/upload/review-photos", "photos", photos.CanUploadPhotos, photos.UploadPhotos)
	}
}

// routeUpload serves one image upload path: may says whether the caller may upload at all,
// before a byte of the files is read; save stores the field's files.
func routeUpload(mux *http.ServeMux, name, field string, may func(context.Context) error,
	save func(context.Context, iter.Seq2[upload.File, error]) ([]string, error),
) {
	tooLarge := fmt.Sprintf("The upload is too large: at most %d %s of %d MB each.", upload.MaxImages, field, upload.MaxImageBytes>>20)
	mux.HandleFunc(name, func(w http.ResponseWriter, r *http.Request) {
		var urls []string
		err := rpc.Handle(r.Context(), name, nil, func(ctx context.Context) error {
			if err := may(ctx); err != nil {
				return err
			}
			mr, err := r.MultipartReader()
			if err != nil {
				return upload.ErrNoFiles
			}
			urls, err = save(ctx, imageParts(mr, field))
			return bodyTooLarge(err)
		})
		if err != nil {
			status, msg := uploadFailed(w, r, err, tooLarge)
			writeJSON(w, status, uploadAnswer{Success: false, Files: []string{}, Error: msg, Message: msg})
			return
		}
		writeJSON(w, http.StatusOK, uploadAnswer{Success: true, Files: urls})
	})
}

// imageParts yields the file parts named field one at a time, each to be read before the next.
func imageParts(mr *multipart.Reader, field string) iter.Seq2[upload.File, error] {
	return fileParts(mr, field, upload.ErrUnreadable, func(name string, body io.Reader) upload.File {
		return upload.File{Name: name, Body: body}
	})
}
