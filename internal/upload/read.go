package upload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// Caching says how an answer may be kept, by whom and for how long.
type Caching int

// How stored files may be cached.
const (
	// Forever: a listing image, public for good (names are random and never reused).
	Forever Caching = iota + 1
	// Revalidate: a published review's photo, public only while its review stays published, so
	// every use asks the server again (a moderator's removal takes effect at once).
	Revalidate
	// Private: a photo only its uploader (and, once attached, administrators) may see: not
	// attached yet, or its review is hidden, removed or gone; never stored.
	Private
)

// Stored is a stored file opened for reading.
type Stored struct {
	io.ReadCloser
	Size        int64
	ContentType string
	// Key names the file read; it never changes its bytes, so it serves as an entity tag.
	Key     string
	Caching Caching
}

// Viewer says who is asking, when a file is not public: it is asked only then (a session costs
// a query), and answers false for a visitor.
type Viewer func(context.Context) (identity.User, bool)

// Read opens the stored file that url names, for viewer: only names the service generates, main
// files and their narrower versions, with the content type it stored them as, and only uploads
// the uploads table records as stored re-encoded (a file in the store under no such row, legacy
// ones included, reads as missing). A version that was
// never made (the upload predates versions, or is narrower than that width) reads as its main
// file, so a version's URL always gives the browser a picture while the main file exists.
//
// A listing's image is public while the listing is not hidden (its owner suspended or their
// account closed: then as a removed review's photo). A review's photo is public while its review is published; before
// it is attached only its uploader sees it, and once its review is hidden, removed or gone, only
// its uploader and administrators (as they see that review's other content). ok is false when there is no
// such file or viewer may not see it: the answer never tells which.
func (s *Service) Read(ctx context.Context, url string, viewer Viewer) (f Stored, ok bool, err error) {
	key, valid := keyOf(url)
	main := key
	if !valid {
		if key, main, valid = versionOf(url); !valid {
			return Stored{}, false, nil
		}
	}
	caching, ok, err := s.access(ctx, main, viewer)
	if !ok || err != nil {
		return Stored{}, false, err
	}
	if key != main {
		if version, found, err := s.open(ctx, key, caching); found || err != nil {
			return version, found, err
		}
	}
	return s.open(ctx, main, caching)
}

// access says how the upload stored under key may be cached, and whether viewer may see it.
func (s *Service) access(ctx context.Context, key string, viewer Viewer) (Caching, bool, error) {
	row, err := s.q.GetUploadAccess(ctx, key)
	if err = store.Err(err); errors.Is(err, apperr.ErrNotFound) {
		// Not recorded, or recorded as stored before uploads were re-encoded: dropped, never
		// served (nothing vouches for its bytes).
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("get upload %s: %w", key, err)
	}
	switch {
	case !row.ReviewPhoto && !row.ListingHidden:
		return Forever, true, nil
	case row.ReviewPhoto && row.Attached && row.ReviewShown:
		return Revalidate, true, nil
	}
	// A photo not sent yet is its uploader's alone; a hidden, removed or not yet revealed review's,
	// or a hidden listing's image, is its uploader's (author or owner) and the moderators'.
	user, signedIn := viewer(ctx)
	return Private, signedIn && (user.ID == row.OwnerID || (row.Attached && user.IsAdmin())), nil
}

// open opens the file stored under key.
func (s *Service) open(ctx context.Context, key string, caching Caching) (Stored, bool, error) {
	r, size, err := s.files.Read(ctx, key)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Stored{}, false, nil
		}
		return Stored{}, false, err
	}
	return Stored{ReadCloser: r, Size: size, ContentType: contentTypes[path.Ext(key)[1:]], Key: key, Caching: caching}, true, nil
}
