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

// Read opens the stored file that url names: only names the service generates, with the
// content type it stored them as. ok is false when there is no such file.
func (s *Service) Read(ctx context.Context, url string) (f Stored, ok bool, err error) {
	key, valid := keyOf(url)
	if !valid {
		return Stored{}, false, nil
	}
	r, size, err := s.files.Read(ctx, key)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Stored{}, false, nil
		}
		return Stored{}, false, err
	}
	return Stored{ReadCloser: r, Size: size, ContentType: contentTypes[path.Ext(key)[1:]]}, true, nil
}
