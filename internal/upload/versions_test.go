package upload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

// memStore keeps files in memory, so a test sees every key written; a write of a key that
// contains failOn fails.
type memStore struct {
	mu     sync.Mutex
	files  map[string][]byte
	failOn string
}

func (m *memStore) Write(_ context.Context, key string, data []byte, _ string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failOn != "" && strings.Contains(key, m.failOn) {
		return errors.New("disk full")
	}
	m.files[key] = bytes.Clone(data)
	return nil
}

func (m *memStore) Delete(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.files, key)
	return nil
}

func (m *memStore) Read(_ context.Context, key string) (io.ReadCloser, int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.files[key]
	if !ok {
		return nil, 0, fmt.Errorf("read %s: %w", key, apperr.ErrNotFound)
	}
	return io.NopCloser(bytes.NewReader(data)), int64(len(data)), nil
}

func (m *memStore) keys() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Sorted(maps.Keys(m.files))
}

func newMemService(t *testing.T) (*Service, *memStore) {
	t.Helper()
	pool, _ := dbtest.New(t)
	files := &memStore{files: map[string][]byte{}}
	return New(files, pool, Options{}), files
}

// visitor is a viewer who is not signed in.
func visitor(context.Context) (identity.User, bool) { return identity.User{}, false }

// readImage reads url through the service and decodes it.
func readImage(t *testing.T, s *Service, url string) (image.Image, string) {
	t.Helper()
	f, ok, err := s.Read(context.Background(), url, visitor)
	if err != nil || !ok {
		t.Fatalf("read %s: %v %v", url, ok, err)
	}
	defer f.Close()
	m, format, err := image.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", url, err)
	}
	if want := map[string]string{"jpeg": "image/jpeg", "png": "image/png"}[format]; f.ContentType != want {
		t.Errorf("%s is %s read as %q", url, format, f.ContentType)
	}
	return m, format
}

// version is the URL of a version of the upload at url: the page derives it the same way.
func version(url string, width int) string {
	return versionKey(url, width)
}

// Each image is stored at its main size and at every narrower width of VersionWidths, in the
// main one's format, upright, under names derived from the main one; the quota counts images.
func TestVersionsAreStored(t *testing.T) {
	t.Parallel()
	s, store := newMemService(t)
	owner := createUser(t, s, "vera")
	large := uploadtest.PNG(uploadtest.Halves(3000, 2000, red, blue))
	seeThrough := image.NewNRGBA(image.Rect(0, 0, 600, 400))
	seeThrough.Set(0, 0, color.NRGBA{R: 255, A: 255})
	small := uploadtest.PNG(seeThrough)
	// Stored sideways with orientation 6: upright it is 800 wide, so no 960 version.
	sideways := uploadtest.WithEXIF(uploadtest.JPEG(uploadtest.Halves(1200, 800, red, blue)), 6)
	urls, err := s.SavePropertyImages(context.Background(), owner, files(large, small, sideways))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSuffix(urls[0], ".jpg") + "-w480.jpg"; version(urls[0], 480) != want {
		t.Fatalf("version URL %s, want %s", version(urls[0], 480), want)
	}
	type stored struct {
		url           string
		format        string
		width, height int
	}
	want := []stored{
		{urls[0], "jpeg", 2048, 1365}, {version(urls[0], 960), "jpeg", 960, 640}, {version(urls[0], 480), "jpeg", 480, 320},
		{urls[1], "png", 600, 400}, {version(urls[1], 480), "png", 480, 320},
		{urls[2], "jpeg", 800, 1200}, {version(urls[2], 480), "jpeg", 480, 720},
	}
	var wantKeys []string
	for _, w := range want {
		wantKeys = append(wantKeys, strings.TrimPrefix(w.url, URLPrefix))
		m, format := readImage(t, s, w.url)
		if format != w.format || m.Bounds() != image.Rect(0, 0, w.width, w.height) {
			t.Errorf("%s: %s %v, want %s %dx%d", w.url, format, m.Bounds(), w.format, w.width, w.height)
		}
	}
	if got := store.keys(); !slices.Equal(got, slices.Sorted(slices.Values(wantKeys))) {
		t.Errorf("stored %v\nwant %v", got, wantKeys)
	}
	// The narrowest version is the picture, scaled: red on the left, blue on the right.
	m, _ := readImage(t, s, version(urls[0], 480))
	if r, _, b, _ := m.At(100, 160).RGBA(); r>>8 < 180 || b>>8 > 60 {
		t.Errorf("left of the 480 version is %d/%d, want red", r>>8, b>>8)
	}
	if r, _, b, _ := m.At(380, 160).RGBA(); r>>8 > 60 || b>>8 < 180 {
		t.Errorf("right of the 480 version is %d/%d, want blue", r>>8, b>>8)
	}
	// Turned upright before scaling: the left (red) half is on top.
	m, _ = readImage(t, s, version(urls[2], 480))
	if r, _, b, _ := m.At(240, 100).RGBA(); r>>8 < 180 || b>>8 > 60 {
		t.Errorf("top of the upright version is %d/%d, want red", r>>8, b>>8)
	}
	if n := count(t, s, "SELECT count(*) FROM uploads WHERE owner_id = $1", owner); n != 3 {
		t.Errorf("%d upload rows, want one an image", n)
	}
}

// A version's URL always gives a picture while its main file exists: one never made (an image
// narrower than that width) reads as the main file.
func TestVersionFallsBackToMainFile(t *testing.T) {
	t.Parallel()
	s, store := newMemService(t)
	ctx := context.Background()
	owner := createUser(t, s, "lars")
	urls, err := s.SavePropertyImages(ctx, owner, files(uploadtest.PNG(uploadtest.Halves(600, 400, red, blue))))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(urls[0], ".jpg") {
		t.Fatalf("an opaque image stored as %s", urls[0])
	}
	if m, _ := readImage(t, s, version(urls[0], 960)); m.Bounds().Dx() != 600 {
		t.Errorf("960 version of a 600-wide image is %v, want the main file", m.Bounds())
	}
	// A GIF stored before uploads were re-encoded, recorded by no row: never served, in any width.
	legacy := "properties/0123456789abcdef0123456789abcdef.gif"
	if err := store.Write(ctx, legacy, []byte("GIF89a legacy"), "image/gif"); err != nil {
		t.Fatal(err)
	}
	for _, width := range append([]int{0}, VersionWidths...) {
		url := URLPrefix + legacy
		if width > 0 {
			url = version(url, width)
		}
		if _, ok, err := s.Read(ctx, url, visitor); ok || err != nil {
			t.Errorf("unrecorded legacy file %s: found %v (%v)", url, ok, err)
		}
	}
	for _, url := range []string{
		version(urls[0], 500), // a width the service does not make
		strings.Replace(version(urls[0], 480), ".jpg", ".png", 1),                 // another format than the main file's
		version(URLPrefix+"properties/ffffffffffffffffffffffffffffffff.jpg", 480), // no main file
		URLPrefix + "properties/0123456789abcdef0123456789abcdef-w480.svg",
		URLPrefix + "properties/../0123456789abcdef0123456789abcdef-w480.gif",
		URLPrefix + "properties/0123456789abcdef0123456789abcdef-w0480.gif",
	} {
		if _, ok, err := s.Read(ctx, url, visitor); ok || err != nil {
			t.Errorf("%s: found %v (%v)", url, ok, err)
		}
	}
}

// A failure while writing any file of an upload leaves nothing: no file, version or row.
func TestFailedVersionWriteLeavesNothing(t *testing.T) {
	t.Parallel()
	s, store := newMemService(t)
	owner := createUser(t, s, "fay")
	store.failOn = "-w480"
	img := uploadtest.PNG(uploadtest.Halves(1200, 800, red, blue))
	if _, err := s.SavePropertyImages(context.Background(), owner, files(img, img)); err == nil {
		t.Fatal("the upload succeeded")
	}
	if keys := store.keys(); len(keys) != 0 {
		t.Errorf("left behind: %v", keys)
	}
	if n := count(t, s, "SELECT count(*) FROM uploads"); n != 0 {
		t.Errorf("%d rows left behind", n)
	}
}

// Removing an upload never attached removes its versions with it.
func TestRemoveUnattachedRemovesVersions(t *testing.T) {
	t.Parallel()
	s, store := newMemService(t)
	ctx := context.Background()
	owner := createUser(t, s, "otto")
	if _, err := s.SavePropertyImages(ctx, owner, files(uploadtest.PNG(uploadtest.Halves(1200, 800, red, blue)))); err != nil {
		t.Fatal(err)
	}
	if n := len(store.keys()); n != 3 {
		t.Fatalf("%d files stored, want the main one and two versions", n)
	}
	if _, err := s.pool.Exec(ctx, "UPDATE uploads SET created_at = created_at - interval '25 hours'"); err != nil {
		t.Fatal(err)
	}
	if removed, err := s.RemoveUnattached(ctx); err != nil || removed != 1 {
		t.Fatalf("removed %d (%v)", removed, err)
	}
	if keys := store.keys(); len(keys) != 0 {
		t.Errorf("left behind: %v", keys)
	}
}

func count(t *testing.T, s *Service, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
