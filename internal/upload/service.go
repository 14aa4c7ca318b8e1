// Package upload stores user uploads in a blob store (a local folder by default, any
// S3-compatible store by configuration) and serves them back safely.
//
// Files are accepted by their content, never by name or declared type, and stored under
// server-generated names, so nothing uploaded can be addressed by a path the client chose.
package upload

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // decoders for image.DecodeConfig
	_ "image/jpeg" //
	_ "image/png"  //
	"regexp"
	"strings"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets (any S3-compatible store)
	"gocloud.dev/gcerrors"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Limits on property images (SPEC §9: at most 5 per listing).
const (
	MaxImages     = 5
	MaxImageBytes = 5 << 20
	maxPixels     = 40_000_000 // refuses decompression bombs before anything decodes them
	// URLPrefix is where stored files are served.
	URLPrefix = "/uploads/"
)

// Messages written for the uploader.
var (
	ErrTooMany  = apperr.New(apperr.ErrInvalidArgument, "You can only upload a maximum of 5 images.")
	ErrNoFiles  = apperr.New(apperr.ErrInvalidArgument, "Please choose at least one image to upload.")
	errTooLarge = "%s is larger than 5 MB."
	errNotImage = "%s is not a JPEG, PNG, GIF or WebP image."
)

// Service stores and serves uploads.
type Service struct{ bucket *blob.Bucket }

// Open opens the blob store at url: file:///path?create_dir=1 or s3://bucket?endpoint=…&region=….
func Open(ctx context.Context, url string) (*Service, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	return &Service{bucket: b}, nil
}

// Close releases the store.
func (s *Service) Close() error { return s.bucket.Close() }

// File is one uploaded file as the client sent it.
type File struct {
	Name string // the client's file name, used only in messages
	Data []byte
}

// SavePropertyImages checks every file, then stores them all, and returns their URLs.
// Nothing is stored unless every file is acceptable.
func (s *Service) SavePropertyImages(ctx context.Context, files []File) ([]string, error) {
	if len(files) == 0 {
		return nil, ErrNoFiles
	}
	if len(files) > MaxImages {
		return nil, ErrTooMany
	}
	exts := make([]string, len(files))
	for i, f := range files {
		name := displayName(f.Name)
		if len(f.Data) > MaxImageBytes {
			return nil, apperr.New(apperr.ErrInvalidArgument, errTooLarge, name)
		}
		ext, ok := imageType(f.Data)
		if !ok {
			return nil, apperr.New(apperr.ErrInvalidArgument, errNotImage, name)
		}
		exts[i] = ext
	}
	urls := make([]string, 0, len(files))
	for i, f := range files {
		key := "properties/" + randomName() + "." + exts[i]
		if err := s.bucket.WriteAll(ctx, key, f.Data, &blob.WriterOptions{ContentType: contentTypes[exts[i]]}); err != nil {
			s.remove(ctx, urls)
			return nil, fmt.Errorf("store %s: %w", key, err)
		}
		urls = append(urls, URLPrefix+key)
	}
	return urls, nil
}

// keyPattern is the shape of every name the service generates.
var keyPattern = regexp.MustCompile(`^properties/[0-9a-f]{32}\.(jpg|png|gif|webp)$`)

// Exists tells whether url names a file this service stored.
func (s *Service) Exists(ctx context.Context, url string) (bool, error) {
	key, ok := keyOf(url)
	if !ok {
		return false, nil
	}
	return s.bucket.Exists(ctx, key)
}

func keyOf(url string) (string, bool) {
	key, ok := strings.CutPrefix(url, URLPrefix)
	return key, ok && keyPattern.MatchString(key)
}

func (s *Service) remove(ctx context.Context, urls []string) {
	for _, u := range urls {
		if key, ok := keyOf(u); ok {
			_ = s.bucket.Delete(ctx, key)
		}
	}
}

var contentTypes = map[string]string{"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp"}

// imageType identifies an image by its bytes: the signature must match and, for JPEG, PNG and
// GIF, the header must decode with a sane size. A script or page renamed .jpg fails here.
func imageType(data []byte) (ext string, ok bool) {
	switch {
	case bytes.HasPrefix(data, []byte("\xFF\xD8\xFF")):
		ext = "jpg"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		ext = "png"
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		ext = "gif"
	case len(data) >= 16 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP" &&
		(string(data[12:16]) == "VP8 " || string(data[12:16]) == "VP8L" || string(data[12:16]) == "VP8X"):
		return "webp", true
	default:
		return "", false
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width < 1 || cfg.Height < 1 || cfg.Width*cfg.Height > maxPixels {
		return "", false
	}
	return ext, true
}

func randomName() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b)
}

// displayName keeps a client's file name printable and short for messages.
func displayName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 32 || r == 127 {
			return -1
		}
		return r
	}, name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if len(name) > 80 {
		name = name[:80]
	}
	if name == "" {
		return "The file"
	}
	return name
}

func isNotFound(err error) bool {
	return gcerrors.Code(err) == gcerrors.NotFound || errors.Is(err, context.Canceled)
}
