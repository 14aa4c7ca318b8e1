// Package upload holds the rules for user uploads and keeps them in a Store (a local folder or
// an S3-compatible bucket: package blobstore).
//
// Files are accepted by their content, never by name or declared type. Every image is decoded
// in full, once, under a process-wide memory budget, and only re-encoded, downscaled versions are
// stored (so no metadata, EXIF and GPS included, survives), under a server-generated name: the
// main one, up to MaxSide, and narrower ones at VersionWidths named after it (srcset). Listing
// images and review photos are uploaded by paths of their own and named apart (properties/,
// reviews/). Each upload belongs to the account that uploaded it (the uploads table): a listing
// or review may only use its author's own uploads of its kind, each once, and an upload never
// used is removed after a day. A review's photo is public only while its review is published.
package upload

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"iter"
	"os"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/semaphore"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// MaxImages is the most images one upload (and one listing) holds: SPEC §9's 5, as the contract
// declares it.
var MaxImages = vocab.Property.Images.MaxItems

// Limits on uploads.
const (
	// MaxImageBytes caps one file as sent: a 50-megapixel phone JPEG is 10 to 25 MB.
	MaxImageBytes = 25 << 20
	// URLPrefix is where stored files are served.
	URLPrefix = "/uploads/"
	// DefaultPerDay is how many images one account may upload in any 24 hours, unless configured.
	DefaultPerDay = 100
	// DefaultDecodeMemory is the memory all decodes in the process may hold at once, unless
	// configured: one image of the largest kind accepted, or several ordinary ones.
	DefaultDecodeMemory = 512 << 20
)

// Messages written for the uploader.
var (
	ErrNoFiles    = apperr.New(apperr.ErrInvalidArgument, "Please choose at least one image to upload.")
	ErrUnreadable = apperr.New(apperr.ErrInvalidArgument, "The upload was interrupted. Please try again.")
	errTooLarge   = "%s is larger than 25 MB."
	errNotImage   = "%s is not a JPEG, PNG, GIF or WebP image."
	errDamaged    = "%s could not be read: the image may be damaged."
	errPixels     = "%s has %.1f megapixels: images of up to 50 megapixels are accepted."
	errMemory     = "%s is too large to process. Please save it as an ordinary JPEG and upload it again."
)

// Options configure a Service beside its blob store.
type Options struct {
	// PerDay is how many images one account may upload in any 24 hours (default DefaultPerDay).
	PerDay int
	// DecodeMemory bounds the bytes that decoding images may hold at once in this process
	// (default DefaultDecodeMemory); an image that alone would need more is refused.
	DecodeMemory int64
}

// Store keeps the files under keys the service chooses. Delete of a missing key is not an
// error; Read of one returns an error matching apperr.ErrNotFound.
type Store interface {
	Write(ctx context.Context, key string, data []byte, contentType string) error
	Delete(ctx context.Context, key string) error
	Read(ctx context.Context, key string) (io.ReadCloser, int64, error)
}

// Service stores uploads and finds them again.
type Service struct {
	files    Store
	pool     *pgxpool.Pool
	q        *db.Queries
	perDay   int
	memory   int64
	decoding *semaphore.Weighted // admits decodes by their estimated bytes
}

// New returns a Service keeping files in files and recording uploads in pool's database.
func New(files Store, pool *pgxpool.Pool, opts Options) *Service {
	if opts.PerDay <= 0 {
		opts.PerDay = DefaultPerDay
	}
	if opts.DecodeMemory <= 0 {
		opts.DecodeMemory = DefaultDecodeMemory
	}
	return &Service{files: files, pool: pool, q: db.New(pool), perDay: opts.PerDay, memory: opts.DecodeMemory,
		decoding: semaphore.NewWeighted(opts.DecodeMemory)}
}

// File is one uploaded file as the client sends it.
type File struct {
	Name string    // the client's file name, used only in messages
	Body io.Reader // read once, up to MaxImageBytes and one byte more
}

// SavePropertyImages stores the listing images of one upload for ownerID and returns their
// URLs. Files are taken one at a time from files (a multipart body can be read no other way),
// and each is checked, decoded and re-encoded before the next is read, so a request holds one
// original at a time, in a temporary file. Nothing is stored unless every file is acceptable
// and the account's daily quota has room for them all.
func (s *Service) SavePropertyImages(ctx context.Context, ownerID int32, files iter.Seq2[File, error]) ([]string, error) {
	return s.save(ctx, PropertyImage, ownerID, files)
}

// SaveReviewPhotos is SavePropertyImages for a review's photos: the same checks, the same daily
// quota, URLs only a review may take.
func (s *Service) SaveReviewPhotos(ctx context.Context, ownerID int32, files iter.Seq2[File, error]) ([]string, error) {
	return s.save(ctx, ReviewPhoto, ownerID, files)
}

// save stores the files of one upload for purpose (SavePropertyImages).
func (s *Service) save(ctx context.Context, purpose Purpose, ownerID int32, files iter.Seq2[File, error]) ([]string, error) {
	// A full quota is refused before a byte of the files is read.
	if err := s.checkQuota(ctx, s.q, ownerID, 1); err != nil {
		return nil, err
	}
	var images []prepared
	for f, err := range files {
		if err != nil {
			return nil, err
		}
		if len(images) == MaxImages {
			return nil, apperr.New(apperr.ErrInvalidArgument, purposes[purpose].tooMany, MaxImages)
		}
		img, err := s.prepare(ctx, f)
		if err != nil {
			return nil, err
		}
		images = append(images, img)
	}
	if len(images) == 0 {
		return nil, ErrNoFiles
	}
	return s.store(ctx, purposes[purpose].prefix, ownerID, images)
}

// prepare reads one file into a temporary file, checks it from its header, decodes it within
// the memory budget and returns its stored version.
func (s *Service) prepare(ctx context.Context, f File) (prepared, error) {
	name := displayName(f.Name)
	tmp, err := os.CreateTemp("", "rentproof-upload-*")
	if err != nil {
		return prepared{}, fmt.Errorf("create temporary file: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	n, err := io.Copy(tmp, io.LimitReader(f.Body, MaxImageBytes+1))
	if err != nil {
		return prepared{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if n > MaxImageBytes {
		return prepared{}, apperr.New(apperr.ErrInvalidArgument, errTooLarge, name)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return prepared{}, fmt.Errorf("rewind upload: %w", err)
	}
	h, err := inspect(tmp)
	if errors.Is(err, errNotAnImage) {
		return prepared{}, apperr.New(apperr.ErrInvalidArgument, errNotImage, name)
	}
	if err != nil {
		return prepared{}, err
	}
	if pixels := int64(h.width) * int64(h.height); pixels > MaxPixels {
		return prepared{}, apperr.New(apperr.ErrInvalidArgument, errPixels, name, float64(pixels)/1e6)
	}
	if h.cost > s.memory {
		return prepared{}, apperr.New(apperr.ErrInvalidArgument, errMemory, name)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return prepared{}, fmt.Errorf("rewind upload: %w", err)
	}
	img, ok, err := s.develop(ctx, tmp, h)
	if err != nil {
		return prepared{}, err
	}
	if !ok {
		return prepared{}, apperr.New(apperr.ErrInvalidArgument, errDamaged, name)
	}
	return img, nil
}

// collectAfter is the decode cost past which the garbage a decode leaves is collected at once.
const collectAfter = 64 << 20

// develop decodes the image in r once, scales it to the stored version's size, turns it upright
// and renders it and its narrower versions, holding h.cost bytes of the budget throughout; ok is
// false when the image turns out damaged. Decodes wait for their estimated bytes, so the decodes
// running in the process at once never add up to more than the budget, however many uploads
// arrive together.
func (s *Service) develop(ctx context.Context, r io.Reader, h header) (img prepared, ok bool, err error) {
	if err := s.decoding.Acquire(ctx, h.cost); err != nil {
		return prepared{}, false, fmt.Errorf("wait to decode: %w", err)
	}
	defer s.decoding.Release(h.cost)
	small := func() *image.RGBA {
		src, _, err := image.Decode(bufio.NewReaderSize(r, 64<<10))
		if err != nil {
			return nil
		}
		return scale(src)
	}()
	// The full-size image is garbage now. With a high GOGC (the server runs at 400) the heap
	// would grow to several times the budget before the runtime collected it on its own.
	if h.cost >= collectAfter {
		runtime.GC()
	}
	if small == nil {
		return prepared{}, false, nil
	}
	img, err = render(orient(small, h.orientation))
	return img, err == nil, err
}

// store records the images for ownerID and writes their files under prefix, in one transaction
// that holds the account's upload lock: the quota is checked against what is committed, and parallel
// uploads of one account take turns. On any failure nothing stays behind.
func (s *Service) store(ctx context.Context, prefix string, ownerID int32, images []prepared) ([]string, error) {
	keys := make([]string, len(images))
	var written []string // every file's key, versions included, for the cleanup of a failure
	params := db.CreateUploadsParams{OwnerID: ownerID}
	for i, img := range images {
		keys[i] = prefix + randomName() + "." + img.ext
		params.Bytes = append(params.Bytes, int32(len(img.main.data)))
		params.Widths = append(params.Widths, int32(img.main.width))
		params.Heights = append(params.Heights, int32(img.main.height))
	}
	params.Keys = keys
	err := store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.LockUploader(ctx, ownerID); err != nil {
			return fmt.Errorf("lock uploader: %w", err)
		}
		if err := s.checkQuota(ctx, q, ownerID, len(images)); err != nil {
			return err
		}
		if err := q.CreateUploads(ctx, params); err != nil {
			return fmt.Errorf("record uploads: %w", err)
		}
		for i, img := range images {
			for key, data := range img.files(keys[i]) {
				written = append(written, key)
				if err := s.files.Write(ctx, key, data, contentTypes[img.ext]); err != nil {
					return fmt.Errorf("store %s: %w", key, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		// The rows rolled back; the files written before the failure go too.
		for _, key := range written {
			if derr := s.files.Delete(context.WithoutCancel(ctx), key); derr != nil {
				err = errors.Join(err, fmt.Errorf("remove %s: %w", key, derr))
			}
		}
		return nil, err
	}
	urls := make([]string, len(keys))
	for i, key := range keys {
		urls[i] = URLPrefix + key
	}
	return urls, nil
}

// checkQuota refuses n more uploads by ownerID when they would pass the daily limit.
func (s *Service) checkQuota(ctx context.Context, q *db.Queries, ownerID int32, n int) error {
	recent, err := q.CountRecentUploads(ctx, ownerID)
	if err != nil {
		return fmt.Errorf("count recent uploads: %w", err)
	}
	if int(recent.Uploads)+n <= s.perDay {
		return nil
	}
	msg := fmt.Sprintf("You can upload at most %d images a day. Please try again later.", s.perDay)
	if left := s.perDay - int(recent.Uploads); left > 0 {
		msg = fmt.Sprintf("You can upload at most %d images a day: %d more for now.", s.perDay, left)
	}
	return &apperr.Error{Kind: apperr.ErrResourceExhausted, Message: msg,
		RetryAfter: max(time.Duration(recent.RetryAfterSeconds)*time.Second, time.Minute)}
}

// keyPattern is the shape of every name the service generates (GIF and WebP only among files
// stored before uploads were re-encoded).
var keyPattern = regexp.MustCompile(`^(?:properties|reviews)/[0-9a-f]{32}\.(jpg|png|gif|webp)$`)

// ValidURL tells whether url has the shape of a URL the service issues. It says nothing of who
// uploaded it or whether it exists: Attach settles that.
func ValidURL(url string) bool {
	_, ok := keyOf(url)
	return ok
}

func keyOf(url string) (string, bool) {
	key, ok := strings.CutPrefix(url, URLPrefix)
	return key, ok && keyPattern.MatchString(key)
}

// versionKey names the version of width of the upload stored under key: the main name with
// "-w<width>" before its extension, so a page can derive every version's URL from the main one
// ("/uploads/properties/<hex>-w480.jpg").
func versionKey(key string, width int) string {
	ext := path.Ext(key)
	return fmt.Sprintf("%s-w%d%s", strings.TrimSuffix(key, ext), width, ext)
}

// FileKeys names every file an upload stored under key may have: its versions and itself, in
// the order to delete them (a failure leaves the main file, which its row names).
func FileKeys(key string) []string {
	return append(versionKeys(key), key)
}

// versionKeys names every version an upload stored under key may have.
func versionKeys(key string) []string {
	keys := make([]string, len(VersionWidths))
	for i, w := range VersionWidths {
		keys[i] = versionKey(key, w)
	}
	return keys
}

// versionPattern is the shape of a version's name: the main name's parts and the width.
var versionPattern = regexp.MustCompile(`^((?:properties|reviews)/[0-9a-f]{32})-w([1-9][0-9]{2,3})(\.(?:jpg|png|gif|webp))$`)

// versionOf splits a version's URL into its key and the key of the main file it is a version
// of; ok is false for anything else, a width the service does not make included.
func versionOf(url string) (key, main string, ok bool) {
	key, found := strings.CutPrefix(url, URLPrefix)
	m := versionPattern.FindStringSubmatch(key)
	if !found || m == nil {
		return "", "", false
	}
	width, _ := strconv.Atoi(m[2])
	return key, m[1] + m[3], slices.Contains(VersionWidths, width)
}

var contentTypes = map[string]string{"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp"}

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
