package upload

import (
	"context"
	"errors"
	"io"
	"path"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Stored is a stored file opened for reading.
type Stored struct {
	io.ReadCloser
	Size        int64
	ContentType string
}

// Read opens the stored file that url names: only names the service generates, main files and
// their narrower versions, with the content type it stored them as. A version that was never
// made (the upload predates versions, or is narrower than that width) reads as its main file,
// so a version's URL always gives the browser a picture while the main file exists. ok is false
// when there is no such file.
func (s *Service) Read(ctx context.Context, url string) (f Stored, ok bool, err error) {
	if key, valid := keyOf(url); valid {
		return s.open(ctx, key)
	}
	key, main, valid := versionOf(url)
	if !valid {
		return Stored{}, false, nil
	}
	if version, found, err := s.open(ctx, key); found || err != nil {
		return version, found, err
	}
	return s.open(ctx, main)
}

// open opens the file stored under key.
func (s *Service) open(ctx context.Context, key string) (Stored, bool, error) {
	r, size, err := s.files.Read(ctx, key)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Stored{}, false, nil
		}
		return Stored{}, false, err
	}
	return Stored{ReadCloser: r, Size: size, ContentType: contentTypes[path.Ext(key)[1:]]}, true, nil
}
