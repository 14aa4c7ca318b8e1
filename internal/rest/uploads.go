package rest

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"connectrpc.com/connect"

	"github.com/rentproof/rentproof/internal/rpc"
	"github.com/rentproof/rentproof/internal/upload"
)

// ImageUploader stores property images: the property service, which decides who may upload.
type ImageUploader interface {
	CanList(ctx context.Context) error
	UploadImages(ctx context.Context, files []upload.File) ([]string, error)
}

// uploadAnswer is the SPEC §7 shape: success, files (urls), error.
type uploadAnswer struct {
	Success bool     `json:"success"`
	Files   []string `json:"files"`
	Error   string   `json:"error,omitempty"`
	Message string   `json:"message,omitempty"`
}

// routeUploads serves POST /api/upload/property-images: multipart with repeated "images" parts.
// Multipart is what protobuf carries badly, so this is the one hand-written handler; the rules
// (who, how many, what content, how large) are the service's.
func routeUploads(mux *http.ServeMux, uploader ImageUploader) {
	mux.HandleFunc("POST /api/upload/property-images", func(w http.ResponseWriter, r *http.Request) {
		// Who may upload is settled before a byte of the files is read.
		err := uploader.CanList(r.Context())
		var files []upload.File
		if err == nil {
			files, err = readImages(r)
		}
		if err == nil {
			var urls []string
			if urls, err = uploader.UploadImages(r.Context(), files); err == nil {
				writeJSON(w, http.StatusOK, uploadAnswer{Success: true, Files: urls})
				return
			}
		}
		status, msg := http.StatusRequestEntityTooLarge, "The upload is too large: at most 5 images of 5 MB each."
		if !errors.Is(err, errBodyTooLarge) {
			ce := rpc.Error(r.Context(), err)
			status, msg = statusOf(ce), ce.(*connect.Error).Message()
		}
		writeJSON(w, status, uploadAnswer{Success: false, Files: []string{}, Error: msg, Message: msg})
	})
}

// readImages reads the "images" parts, stopping at the first file too many or too large.
func readImages(r *http.Request) ([]upload.File, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, upload.ErrNoFiles
	}
	var files []upload.File
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return files, nil
		}
		if err != nil {
			return nil, bodyError(err)
		}
		if part.FormName() != "images" || part.FileName() == "" {
			continue
		}
		if len(files) == upload.MaxImages {
			return nil, upload.ErrTooMany
		}
		files = append(files, upload.File{Name: part.FileName()})
		if files[len(files)-1].Data, err = readPart(part); err != nil {
			return nil, err
		}
	}
}

var errBodyTooLarge = errors.New("request body too large")

// bodyError tells an over-long body from a broken one.
func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return errBodyTooLarge
	}
	return upload.ErrNoFiles
}

// readPart reads one file, one byte past the cap so the service sees it is too large.
func readPart(part *multipart.Part) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(part, upload.MaxImageBytes+1))
	if err != nil {
		return nil, bodyError(err)
	}
	return data, nil
}
