package upload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"iter"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

var (
	red  = color.RGBA{220, 20, 20, 255}
	blue = color.RGBA{20, 20, 220, 255}
)

// The lossless WebP the tests upload is a real one: x/image's decoder reads back its pixels.
func TestLosslessWebPBuilder(t *testing.T) {
	t.Parallel()
	a, b := color.NRGBA{220, 20, 20, 255}, color.NRGBA{20, 20, 220, 128}
	data := uploadtest.LosslessWebP(9, 5, a, b, func(x, _ int) bool { return x < 4 })
	m, err := webp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if m.Bounds() != image.Rect(0, 0, 9, 5) {
		t.Fatalf("bounds %v", m.Bounds())
	}
	for y := range 5 {
		for x := range 9 {
			want := b
			if x < 4 {
				want = a
			}
			if got := color.NRGBAModel.Convert(m.At(x, y)); got != want {
				t.Fatalf("pixel %d,%d: %v, want %v", x, y, got, want)
			}
		}
	}
}

func TestInspect(t *testing.T) {
	t.Parallel()
	photo := uploadtest.WithEXIF(uploadtest.JPEG(uploadtest.Halves(40, 20, red, blue)), 6)
	for name, c := range map[string]struct {
		data          []byte
		format        string
		width, height int
		orientation   int
	}{
		"jpeg with exif": {photo, "jpeg", 40, 20, 6},
		"png":            {uploadtest.PNG(uploadtest.Halves(7, 3, red, blue)), "png", 7, 3, 1},
		"png header":     {uploadtest.PNGHeader(8000, 8000), "png", 8000, 8000, 1},
		"webp":           {uploadtest.LosslessWebP(5, 4, color.NRGBA{A: 255}, color.NRGBA{A: 255}, func(int, int) bool { return true }), "webp", 5, 4, 1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h, err := inspect(bytes.NewReader(c.data))
			if err != nil || h.format != c.format || h.width != c.width || h.height != c.height || h.orientation != c.orientation {
				t.Errorf("%+v %v", h, err)
			}
		})
	}
	for name, data := range map[string][]byte{
		"script":   []byte("<?php system($_GET['c']); ?>"),
		"svg":      []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`),
		"half png": uploadtest.PNG(uploadtest.Halves(7, 3, red, blue))[:20],
		"empty":    nil,
		// A PNG signature before a JPEG: the header must be of the format the signature says.
		"mixed": append([]byte("\x89PNG\r\n\x1a\n"), photo...),
	} {
		t.Run("refuses "+name, func(t *testing.T) {
			t.Parallel()
			if _, err := inspect(bytes.NewReader(data)); !errors.Is(err, errNotAnImage) {
				t.Errorf("%v", err)
			}
		})
	}
}

// A decode's estimated cost follows what the decoder really allocates: progressive JPEGs keep
// their coefficients, 16-bit PNGs take 8 bytes a pixel, and the stored version is counted.
func TestDecodeCost(t *testing.T) {
	t.Parallel()
	cost := func(data []byte) int64 {
		h, err := inspect(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return h.cost
	}
	grey := uploadtest.PNG(image.NewGray(image.Rect(0, 0, 3000, 2000)))
	rgba64 := uploadtest.PNG(image.NewRGBA64(image.Rect(0, 0, 3000, 2000)))
	// 1 byte a pixel, the halvings (4/3), row buffers, three times the 2048x1365 RGBA stored
	// version and its 960x640 and 480x320 versions, overhead.
	if c, want := cost(grey), int64(6e6*(1+4.0/3))+2*3000+3*4*(2048*1365+960*640+480*320)+decodeOverhead; c < want-8 || c > want+8 {
		t.Errorf("grey PNG cost %d, want about %d", c, want)
	}
	if cost(rgba64)-cost(grey) < 6e6*7 {
		t.Errorf("16-bit RGBA PNG costs %d, grey %d", cost(rgba64), cost(grey))
	}
	if c := cost(uploadtest.PNGHeader(8000, 8000)); c < 64e6 {
		t.Errorf("a 64-megapixel header costs only %d", c)
	}
}

func TestCheckURLs(t *testing.T) {
	t.Parallel()
	good := "/uploads/reviews/0123456789abcdef0123456789abcdef.jpg"
	for _, url := range []string{
		"/uploads/../../api/logout",
		"/uploads/reviews/../../api/logout",
		"/uploads/reviews/0123456789abcdef0123456789abcdef.svg",
		"/uploads/properties/../../api/logout",
		"/uploads/properties/0123456789abcdef0123456789abcdef.jpg/../../../api/logout",
		"/uploads/properties/0123456789ABCDEF0123456789ABCDEF.jpg",
		"/uploads/properties/0123456789abcdef0123456789abcdef.svg",
		"https://evil.example/uploads/properties/0123456789abcdef0123456789abcdef.jpg",
		"/images/demo/house.svg",
		"",
	} {
		t.Run(url, func(t *testing.T) {
			t.Parallel()
			err := CheckURLs([]string{good, url}, ReviewPhoto)
			ve, ok := errors.AsType[*apperr.ValidationError](err)
			if !ok || ve.Violations[0] != (apperr.FieldViolation{Field: "photos", Message: "Photos must be uploaded first"}) {
				t.Errorf("%q: %v", url, err)
			}
		})
	}
	listed := "/uploads/properties/0123456789abcdef0123456789abcdef.jpg"
	if err := CheckURLs([]string{good}, ReviewPhoto); err != nil {
		t.Errorf("good URL: %v", err)
	}
	if err := CheckURLs([]string{listed}, PropertyImage); err != nil {
		t.Errorf("good listing URL: %v", err)
	}
	if err := CheckURLs([]string{listed, listed}, PropertyImage); err == nil || err.Error() != "Please add each image only once" {
		t.Errorf("repeated: %v", err)
	}
	// Each kind of upload serves its own kind of form only.
	if err := CheckURLs([]string{listed}, ReviewPhoto); err == nil ||
		err.Error() != "Please upload the review's photos with the review form: one of them was uploaded as a listing image" {
		t.Errorf("a listing image as a review photo: %v", err)
	}
	if err := CheckURLs([]string{good}, PropertyImage); err == nil ||
		err.Error() != "Please upload the listing's images with the listing form: one of them was uploaded as a review photo" {
		t.Errorf("a review photo as a listing image: %v", err)
	}
}

// files turns byte slices into the iterator the service reads uploads from.
func files(data ...[]byte) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		for i, d := range data {
			if !yield(File{Name: fmt.Sprintf("%d.img", i), Body: bytes.NewReader(d)}, nil) {
				return
			}
		}
	}
}

func newService(t *testing.T, opts Options) *Service {
	t.Helper()
	pool, _ := dbtest.New(t)
	files, err := blobstore.Open(context.Background(), "file://"+filepath.ToSlash(t.TempDir())+"?metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	return New(files, pool, opts)
}

func createUser(t *testing.T, s *Service, name string) int32 {
	t.Helper()
	var id int32
	err := s.pool.QueryRow(context.Background(), `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ($1, 'x', $1 || '@example.com', 'Pat', 'Doe', 'landlord') RETURNING id`, name).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// Review photos are checked like listing images: the author's own uploads, unused, or nothing.
func TestAttachReviewPhotos(t *testing.T) {
	t.Parallel()
	s := newService(t, Options{})
	ctx := context.Background()
	owner, author := createUser(t, s, "owner"), createUser(t, s, "author")
	var propertyID, reviewID int32
	if err := s.pool.QueryRow(ctx, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		VALUES ('Flat', '1 Main St', 'Oslo', 'apartment', 900, $1, 'flat') RETURNING id`, owner).Scan(&propertyID); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content)
		VALUES ($1, $2, 4, 'Quiet flat', 'A quiet flat with a kind landlord, would stay again.') RETURNING id`, propertyID, author).Scan(&reviewID); err != nil {
		t.Fatal(err)
	}
	img := uploadtest.PNG(uploadtest.Halves(8, 8, red, blue))
	mine, err := s.SaveReviewPhotos(ctx, author, files(img, img))
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := s.SaveReviewPhotos(ctx, owner, files(img))
	if err != nil {
		t.Fatal(err)
	}
	listed, err := s.SavePropertyImages(ctx, author, files(img))
	if err != nil {
		t.Fatal(err)
	}
	attach := func(urls ...string) error {
		return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
			return Attach(ctx, q, author, urls, ReviewPhoto, reviewID)
		})
	}
	for name, c := range map[string]struct {
		urls []string
		msg  string
	}{
		"traversal":         {[]string{"/uploads/../../api/logout"}, "Photos must be uploaded first"},
		"foreign site":      {[]string{"https://evil.example/x.png"}, "Photos must be uploaded first"},
		"never issued":      {[]string{"/uploads/reviews/0123456789abcdef0123456789abcdef.jpg"}, "Photos must be uploaded first"},
		"a listing image":   {listed, "Please upload the review's photos with the review form: one of them was uploaded as a listing image"},
		"another account's": {[]string{mine[0], theirs[0]}, "Please use photos you uploaded yourself: one of them was uploaded from another account"},
		"twice":             {[]string{mine[0], mine[0]}, "Please add each photo only once"},
	} {
		t.Run(name, func(t *testing.T) {
			err := attach(c.urls...)
			ve, ok := errors.AsType[*apperr.ValidationError](err)
			if !ok || ve.Violations[0] != (apperr.FieldViolation{Field: "photos", Message: c.msg}) {
				t.Errorf("%v", err)
			}
		})
	}
	if err := attach(); err != nil {
		t.Errorf("no photos: %v", err)
	}
	// Refusals attached nothing, so both of the author's photos are still free.
	if err := attach(mine...); err != nil {
		t.Fatalf("own photos: %v", err)
	}
	var attached int
	if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM uploads WHERE review_id = $1 AND attached_at IS NOT NULL AND owner_id = $2",
		reviewID, author).Scan(&attached); err != nil || attached != 2 {
		t.Errorf("attached %d (%v)", attached, err)
	}
	err = attach(mine[0])
	if err == nil || err.Error() != "Please upload the photos again: one of them is already used by another listing or review" {
		t.Errorf("used again: %v", err)
	}
	if strings.Contains(fmt.Sprint(err), "owner") {
		t.Errorf("the message names the owner: %v", err)
	}
}

// An image that alone needs more than the decode budget is refused from its header; ones that
// fit all succeed however many arrive together, waiting their turn.
func TestDecodeBudget(t *testing.T) {
	t.Parallel()
	small := uploadtest.PNG(uploadtest.Halves(300, 200, red, blue))
	h, err := inspect(bytes.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	s := newService(t, Options{DecodeMemory: h.cost + h.cost/2}) // room for one decode at a time
	owner := createUser(t, s, "lena")
	big := uploadtest.PNG(image.NewGray(image.Rect(0, 0, 3000, 3000)))
	_, err = s.SavePropertyImages(context.Background(), owner, files(big))
	if err == nil || err.Error() != "0.img is too large to process. Please save it as an ordinary JPEG and upload it again." {
		t.Errorf("over budget: %v", err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := s.SavePropertyImages(context.Background(), owner, files(small, small))
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Errorf("parallel upload: %v", err)
		}
	}
}

// The migration records files stored before it as their listing's landlord's (attached to that
// listing), then review photos as their author's; anything not of the service's shape is left.
func TestMigrationBackfill(t *testing.T) {
	t.Parallel()
	// The schema before this migration, with listings and reviews made then.
	pool, url := dbtest.NewBefore(t, "20261123000010")
	ctx := context.Background()
	key := func(n int, ext string) string { return fmt.Sprintf("properties/%032x.%s", n, ext) }
	var first, second, reviewer, p1, p2, r1 int32
	for _, u := range []struct {
		name string
		id   *int32
	}{{"first", &first}, {"second", &second}, {"reviewer", &reviewer}} {
		if err := pool.QueryRow(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name)
			VALUES ($1, 'x', $1 || '@example.com', 'Pat', 'Doe') RETURNING id`, u.name).Scan(u.id); err != nil {
			t.Fatal(err)
		}
	}
	listing := `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug, images)
		VALUES ('Flat', '1 Main St', 'Oslo', 'apartment', 900, $1, 'flat', $2) RETURNING id`
	if err := pool.QueryRow(ctx, listing, first, fmt.Sprintf(`["/uploads/%s", "/images/demo/house-1.svg", 7]`, key(1, "png"))).Scan(&p1); err != nil {
		t.Fatal(err)
	}
	// The second listing shows the first one's image too (nothing stopped it then) and its own.
	if err := pool.QueryRow(ctx, listing, second, fmt.Sprintf(`["/uploads/%s", "/uploads/%s"]`, key(1, "png"), key(2, "webp"))).Scan(&p2); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO reviews (property_id, user_id, rating, title, content, photos)
		VALUES ($1, $2, 4, 'Quiet flat', 'A quiet flat with a kind landlord, would stay again.', $3) RETURNING id`,
		p1, reviewer, fmt.Sprintf(`["/uploads/%s", "/uploads/../../api/logout", "/uploads/%s"]`, key(3, "jpg"), key(2, "webp"))).Scan(&r1); err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	rows, err := db.New(pool).ListUploadsByKey(ctx, []string{key(1, "png"), key(2, "webp"), key(3, "jpg"), "../../api/logout"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range rows {
		got[u.Key] = fmt.Sprintf("owner %d property %v review %v attached %v", u.OwnerID, deref(u.PropertyID), deref(u.ReviewID), u.AttachedAt != nil)
	}
	want := map[string]string{
		key(1, "png"):  fmt.Sprintf("owner %d property %d review 0 attached true", first, p1),
		key(2, "webp"): fmt.Sprintf("owner %d property %d review 0 attached true", second, p2),
		key(3, "jpg"):  fmt.Sprintf("owner %d property 0 review %d attached true", reviewer, r1),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("backfill:\n got %v\nwant %v", got, want)
	}
}

func deref(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}

// Every EXIF orientation turns the image as the EXIF documentation words it (exiftool's
// names): 2 mirror horizontal, 3 rotate 180, 4 mirror vertical, 5 mirror horizontal and rotate
// 270 CW, 6 rotate 90 CW, 7 mirror horizontal and rotate 90 CW, 8 rotate 270 CW.
func TestOrient(t *testing.T) {
	t.Parallel()
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range 6 {
		src.Pix[4*i] = uint8(i + 1)
	}
	mirror := func(m *image.RGBA) *image.RGBA {
		b := m.Bounds()
		out := image.NewRGBA(b)
		for y := range b.Dy() {
			for x := range b.Dx() {
				out.Set(b.Dx()-1-x, y, m.At(x, y))
			}
		}
		return out
	}
	rotate := func(m *image.RGBA) *image.RGBA { // 90 degrees clockwise
		b := m.Bounds()
		out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
		for y := range b.Dy() {
			for x := range b.Dx() {
				out.Set(b.Dy()-1-y, x, m.At(x, y))
			}
		}
		return out
	}
	times := func(n int, f func(*image.RGBA) *image.RGBA, m *image.RGBA) *image.RGBA {
		for range n {
			m = f(m)
		}
		return m
	}
	want := map[int]*image.RGBA{
		1: src,
		2: mirror(src),
		3: times(2, rotate, src),
		4: times(2, rotate, mirror(src)),
		5: times(3, rotate, mirror(src)),
		6: rotate(src),
		7: rotate(mirror(src)),
		8: times(3, rotate, src),
	}
	for o, w := range want {
		t.Run(fmt.Sprintf("orientation %d", o), func(t *testing.T) {
			t.Parallel()
			if got := orient(src, o); got.Rect != w.Rect || !bytes.Equal(got.Pix, w.Pix) {
				t.Errorf("%v %v, want %v %v", got.Rect, got.Pix, w.Rect, w.Pix)
			}
		})
	}
}
