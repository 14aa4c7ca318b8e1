package upload

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
)

// Purpose is what uploads are for: each has an upload path of its own, and its uploads are
// stored under its own key prefix, so a listing cannot take a review's photo nor a review a
// listing's image.
type Purpose int

// The purposes uploads serve.
const (
	PropertyImage Purpose = iota + 1 // a listing's images (field "images"), under properties/
	ReviewPhoto                      // a review's photos (field "photos"), under reviews/
)

// purposes are each purpose's key prefix, its messages, and the form field they belong to.
var purposes = map[Purpose]struct {
	prefix, field                                     string
	tooMany, notFound, foreign, used, repeated, other string
}{
	PropertyImage: {
		prefix:   "properties/",
		field:    "images",
		tooMany:  "You can only upload a maximum of %d images.",
		notFound: "Please upload the images again: one of them was not found",
		foreign:  "Please use images you uploaded yourself: one of them was uploaded from another account",
		used:     "Please upload the images again: one of them is already used by another listing or review",
		repeated: "Please add each image only once",
		other:    "Please upload the listing's images with the listing form: one of them was uploaded as a review photo",
	},
	ReviewPhoto: {
		prefix:   "reviews/",
		field:    "photos",
		tooMany:  "You can only upload a maximum of %d photos.",
		notFound: "Photos must be uploaded first",
		foreign:  "Please use photos you uploaded yourself: one of them was uploaded from another account",
		used:     "Please upload the photos again: one of them is already used by another listing or review",
		repeated: "Please add each photo only once",
		other:    "Please upload the review's photos with the review form: one of them was uploaded as a listing image",
	},
}

// purposeOf is the purpose of the upload stored under key (a key the service generates).
func purposeOf(key string) Purpose {
	if strings.HasPrefix(key, purposes[ReviewPhoto].prefix) {
		return ReviewPhoto
	}
	return PropertyImage
}

// CheckURLs checks the shape of urls for purpose, without the database: each must be a URL the
// service issues for that purpose, and none may repeat. It returns an *apperr.ValidationError on the purpose's
// field ("images" or "photos"), so it can join a form's other checks.
func CheckURLs(urls []string, purpose Purpose) error { return CheckKeptURLs(urls, nil, purpose) }

// CheckKeptURLs is CheckURLs for an edited listing: the URLs among kept (those it shows
// already, such as the demo listings' images, which are not uploads) are accepted as they are.
func CheckKeptURLs(urls, kept []string, purpose Purpose) error {
	m := purposes[purpose]
	var v apperr.Validator
	for i, u := range urls {
		// An earlier entry passed the checks below: this one repeats it.
		if slices.Contains(urls[:i], u) {
			v.Check(false, m.field, m.repeated)
			return v.Err()
		}
		if slices.Contains(kept, u) {
			continue
		}
		key, ok := keyOf(u)
		if !ok {
			v.Check(false, m.field, m.notFound)
			return v.Err()
		}
		if purposeOf(key) != purpose {
			v.Check(false, m.field, m.other)
			return v.Err()
		}
	}
	return nil
}

// Attach claims urls for the listing or review id (as purpose says), inside the caller's
// transaction q, which must be the one that creates that listing or review: every URL must name
// an upload by ownerID not attached to anything yet, and then all of them are attached, or none
// is. Otherwise it returns an *apperr.ValidationError on the purpose's field ("images" or
// "photos"), with a message that never tells whose an upload is, and the caller rolls back.
// Two transactions claiming one upload at once: the second waits on the row and is refused.
// No URLs is no work.
func Attach(ctx context.Context, q *db.Queries, ownerID int32, urls []string, purpose Purpose, id int32) error {
	m, ok := purposes[purpose]
	if !ok {
		return fmt.Errorf("attach uploads: unknown purpose %d", purpose)
	}
	if len(urls) == 0 {
		return nil
	}
	if err := CheckURLs(urls, purpose); err != nil {
		return err
	}
	keys := make([]string, len(urls))
	for i, u := range urls {
		keys[i], _ = keyOf(u)
	}
	var claimed []string
	var err error
	switch purpose {
	case PropertyImage:
		claimed, err = q.AttachUploadsToProperty(ctx, db.AttachUploadsToPropertyParams{Keys: keys, OwnerID: ownerID, PropertyID: &id})
	case ReviewPhoto:
		claimed, err = q.AttachUploadsToReview(ctx, db.AttachUploadsToReviewParams{Keys: keys, OwnerID: ownerID, ReviewID: &id})
	}
	if err != nil {
		return fmt.Errorf("attach uploads: %w", err)
	}
	if len(claimed) == len(keys) {
		return nil
	}
	// Say why the first one left out was refused.
	rows, err := q.ListUploadsByKey(ctx, keys)
	if err != nil {
		return fmt.Errorf("list uploads: %w", err)
	}
	msg := m.notFound
	for _, key := range keys {
		if slices.Contains(claimed, key) {
			continue
		}
		i := slices.IndexFunc(rows, func(u db.Upload) bool { return u.Key == key })
		switch {
		case i < 0:
			msg = m.notFound
		case rows[i].OwnerID != ownerID:
			msg = m.foreign
		default:
			msg = m.used
		}
		break
	}
	var v apperr.Validator
	v.Check(false, m.field, msg)
	return v.Err()
}
