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

// uploadAnswer is the SPEC §7 shape: success, files (urls), error.
type uploadAnswer struct {
	Success bool     `json:"success"`
	Files   []string `json:"files"`
	Error   string   `json:"error,omitempty"`
	Message string   `json:"message,omitempty"`
}

// tooLarge answers a body past the server's cap for this path.
var tooLarge = fmt.Sprintf("The upload is too large: at most %d images of %d MB each.", upload.MaxImages, upload.MaxImageBytes>>20)

// routeUploads serves POST /api/upload/property-images: multipart with repeated "images" parts.
// Multipart is what protobuf carries badly, so the handler is written by hand, and runs through
// the interceptors with rpc.Handle; the rules (who, how many, what content, how large) are the
// service's.
func routeUploads(mux *http.ServeMux, uploader ImageUploader) {
	const name = "POST /api/upload/property-images"
	mux.HandleFunc(name, func(w http.ResponseWriter, r *http.Request) {
		var urls []string
		err := rpc.Handle(r.Context(), name, nil, func(ctx context.Context) error {
			// Who may upload is settled before a byte of the files is read.
			if err := uploader.CanList(ctx); err != nil {
				return err
			}
			mr, err := r.MultipartReader()
			if err != nil {
				return upload.ErrNoFiles
			}
			urls, err = uploader.UploadImages(ctx, imageParts(mr))
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

// imageParts yields the "images" file parts one at a time, each to be read before the next.
func imageParts(mr *multipart.Reader) iter.Seq2[upload.File, error] {
	return fileParts(mr, "images", upload.ErrUnreadable, func(name string, body io.Reader) upload.File {
		return upload.File{Name: name, Body: body}
	})
}
