package rest

import (
	"context"
	"errors"
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
// Multipart is what protobuf carries badly, so this is the one hand-written handler; the rules
// (who, how many, what content, how large) are the service's.
func routeUploads(mux *http.ServeMux, uploader ImageUploader) {
	mux.HandleFunc("POST /api/upload/property-images", func(w http.ResponseWriter, r *http.Request) {
		// Who may upload is settled before a byte of the files is read.
		err := uploader.CanList(r.Context())
		if err == nil {
			var mr *multipart.Reader
			if mr, err = r.MultipartReader(); err != nil {
				err = upload.ErrNoFiles
			} else {
				var urls []string
				if urls, err = uploader.UploadImages(r.Context(), imageParts(mr)); err == nil {
					writeJSON(w, http.StatusOK, uploadAnswer{Success: true, Files: urls})
					return
				}
			}
		}
		status, msg := http.StatusRequestEntityTooLarge, tooLarge
		if _, tooBig := errors.AsType[*http.MaxBytesError](err); !tooBig {
			ce := rpc.ConnectError(r.Context(), err)
			copyHeaders(w.Header(), ce.Meta()) // Retry-After when the daily quota is used up
			status, msg = statusOf(ce), ce.Message()
		}
		writeJSON(w, status, uploadAnswer{Success: false, Files: []string{}, Error: msg, Message: msg})
	})
}

// imageParts yields the "images" file parts one at a time, each to be read before the next.
func imageParts(mr *multipart.Reader) iter.Seq2[upload.File, error] {
	return fileParts(mr, "images", upload.ErrUnreadable, func(name string, body io.Reader) upload.File {
		return upload.File{Name: name, Body: body}
	})
}
