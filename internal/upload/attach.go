package upload

import (
	"context"
	"fmt"
	"slices"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
)

// Purpose is what uploads are attached to.
type Purpose int

// The purposes uploads serve.
const (
	PropertyImage Purpose = iota + 1 // a listing's images (field "images")
	ReviewPhoto                      // a review's photos (field "photos")
)

// attachMessages are the messages of each purpose, under the form field they belong to.
var attachMessages = map[Purpose]struct{ field, notFound, foreign, used, repeated string }{
	PropertyImage: {
		field:    "images",
		notFound: "Please upload the images again: one of them was not found",
		foreign:  "Please use images you uploaded yourself: one of them was uploaded from another account",
		used:     "Please upload the images again: one of them is already used by another listing or review",
		repeated: "Please add each image only once",
	},
	ReviewPhoto: {
		field:    "photos",
		notFound: "Photos must be uploaded first",
		foreign:  "Please use photos you uploaded yourself: one of them was uploaded from another account",
		used:     "Please upload the photos again: one of them is already used by another listing or review",
		repeated: "Please add each photo only once",
	},
}

// CheckURLs checks the shape of urls for purpose, without the database: each must be a URL the
// service issues, and none may repeat. It returns an *apperr.ValidationError on the purpose's
// field ("images" or "photos"), so it can join a form's other checks.
func CheckURLs(urls []string, purpose Purpose) error { return CheckKeptURLs(urls, nil, purpose) }

// CheckKeptURLs is CheckURLs for an edited listing: the URLs among kept (those it shows
// already, such as the demo listings' images, which are not uploads) are accepted as they are.
func CheckKeptURLs(urls, kept []string, purpose Purpose) error {
	m := attachMessages[purpose]
	var v apperr.Validator
	for i, u := range urls {
		if !slices.Contains(kept, u) && !ValidURL(u) {
			v.Check(false, m.field, m.notFound)
			return v.Err()
		}
		if slices.Contains(urls[:i], u) {
			v.Check(false, m.field, m.repeated)
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
	m, ok := attachMessages[purpose]
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
