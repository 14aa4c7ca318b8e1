package review_test

// Review photos, attacked over the public API: an upload path of their own that tenants may use,
// with the listing images' checks and daily quota, claimed once by their uploader's review, and
// served only while that review is published.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // decoders for the files served back
	"maps"
	"mime/multipart"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

const photosPath = "/api/upload/review-photos"

// file is one file part of an upload.
type file struct {
	name string
	data []byte
}

// uploadAnswer is what an upload path answered.
type uploadAnswer struct {
	status int
	header http.Header
	Files  []string
	Error  string
}

// upload posts files as the field's parts to path as the bearer of token ("": signed out).
func (w *world) upload(t *testing.T, path, field, token string, files ...file) uploadAnswer {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range files {
		part, err := mw.CreateFormFile(field, f.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := part.Write(f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, w.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	a := uploadAnswer{status: res.StatusCode, header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		t.Fatalf("upload answer: %v", err)
	}
	return a
}

// smallPNG is a small opaque picture.
func smallPNG() []byte {
	return uploadtest.PNG(uploadtest.Halves(40, 30, color.RGBA{200, 40, 40, 255}, color.RGBA{40, 40, 200, 255}))
}

// uploadPhotos uploads n small pictures as review photos as the bearer of token and returns
// their URLs.
func (w *world) uploadPhotos(t *testing.T, token string, n int) []string {
	t.Helper()
	files := make([]file, n)
	for i := range files {
		files[i] = file{fmt.Sprintf("photo-%d.png", i), smallPNG()}
	}
	a := w.upload(t, photosPath, "photos", token, files...)
	if a.status != http.StatusOK || len(a.Files) != n {
		t.Fatalf("upload %d photos: %d %+v", n, a.status, a)
	}
	return a.Files
}

// uploadPhoto uploads one small picture as a review photo and returns its URL.
func (w *world) uploadPhoto(t *testing.T, token string) string {
	t.Helper()
	return w.uploadPhotos(t, token, 1)[0]
}

// fetched is a GET's answer, read in full.
type fetched struct {
	StatusCode int
	Header     http.Header
}

// fetch GETs a stored file as the bearer of token ("": a visitor), with header set.
func (w *world) fetch(t *testing.T, url, token string, header ...string) (fetched, []byte) {
	t.Helper()
	status, h, body := testworld.Send(t, http.MethodGet, w.URL+url, token, "", http.NoBody, header...)
	return fetched{StatusCode: status, Header: h}, []byte(body)
}

// seenBy says, for each viewer (name → token), the status a GET of url answers.
func (w *world) seenBy(t *testing.T, url string, viewers map[string]string) string {
	t.Helper()
	var out []string
	for _, name := range slices.Sorted(maps.Keys(viewers)) {
		res, _ := w.fetch(t, url, viewers[name])
		out = append(out, fmt.Sprintf("%s %d", name, res.StatusCode))
	}
	return strings.Join(out, ", ")
}

// A tenant, who may not list, uploads photos on the review path, sees them before anyone else
// can, and attaches them to a review; then everyone sees them, re-encoded, in every list.
func TestTenantsAttachPhotosToReviews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	tenant, stranger, admin := w.Member(t, "tess", "tenant"), w.Person(t, "sid", "tenant"), w.Person(t, "root", "admin")

	if a := w.upload(t, photosPath, "photos", "", file{"a.png", smallPNG()}); a.status != http.StatusUnauthorized ||
		a.Error != "Please sign in to add photos to a review" {
		t.Errorf("signed out: %d %q", a.status, a.Error)
	}
	if a := w.upload(t, "/api/upload/property-images", "images", tenant, file{"a.png", smallPNG()}); a.status != http.StatusForbidden {
		t.Errorf("the listing path lets a tenant in: %d", a.status)
	}

	// A phone's photo: large, EXIF-tagged (turned on its side).
	phone := uploadtest.WithEXIF(uploadtest.JPEG(uploadtest.Halves(1600, 1200,
		color.RGBA{200, 40, 40, 255}, color.RGBA{40, 40, 200, 255})), 6)
	a := w.upload(t, photosPath, "photos", tenant, file{"kitchen.jpg", phone}, file{"hall.png", smallPNG()})
	if a.status != http.StatusOK || len(a.Files) != 2 || !strings.HasPrefix(a.Files[0], "/uploads/reviews/") {
		t.Fatalf("tenant's upload: %d %+v", a.status, a)
	}
	photos := a.Files

	// Not attached: its uploader's alone (not even the moderators'), never kept by a cache.
	viewers := map[string]string{"admin": admin, "visitor": "", "stranger": stranger, "uploader": tenant}
	if got := w.seenBy(t, photos[0], viewers); got != "admin 404, stranger 404, uploader 200, visitor 404" {
		t.Errorf("unattached photo: %s", got)
	}
	if res, _ := w.fetch(t, photos[0], tenant); res.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("unattached photo cached as %q", res.Header.Get("Cache-Control"))
	}

	d := draft("tenant_to_property")
	d.Photos = photos
	r := w.create(t, tenant, d)
	if !slices.Equal(r.Photos, photos) {
		t.Fatalf("review photos: %v", r.Photos)
	}
	if got := w.seenBy(t, photos[0], viewers); got != "admin 200, stranger 200, uploader 200, visitor 200" {
		t.Errorf("attached photo: %s", got)
	}
	res, data := w.fetch(t, photos[0], "")
	etag := res.Header.Get("ETag")
	if res.Header.Get("Cache-Control") != "public, no-cache" || etag == "" || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("published photo's headers: %v", res.Header)
	}
	if m, _, err := image.Decode(bytes.NewReader(data)); err != nil || m.Bounds().Dx() != 1200 || m.Bounds().Dy() != 1600 {
		t.Errorf("stored photo: %v (%v), want 1200x1600, upright", m.Bounds(), err)
	}
	if bytes.Contains(data, []byte("Exif")) {
		t.Error("the stored photo keeps its EXIF block")
	}
	if res, _ := w.fetch(t, photos[0], "", "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %d", res.StatusCode)
	}
	narrow := strings.TrimSuffix(photos[0], ".jpg") + "-w480.jpg"
	if res, data := w.fetch(t, narrow, ""); res.StatusCode != http.StatusOK || len(data) == 0 {
		t.Errorf("480 version: %d", res.StatusCode)
	}

	// The photos come with the review wherever reviews are listed.
	list, err := w.client.ListPropertyReviews(ctx, connect.NewRequest(&reviewv1.ListPropertyReviewsRequest{PropertyId: 1}))
	if err != nil || len(list.Msg.Reviews) != 1 || !slices.Equal(list.Msg.Reviews[0].Photos, photos) {
		t.Errorf("property's reviews: %v %v", list, err)
	}
	recent, err := w.client.ListRecentReviews(ctx, connect.NewRequest(&reviewv1.ListRecentReviewsRequest{}))
	if err != nil || len(recent.Msg.Reviews) != 1 || !slices.Equal(recent.Msg.Reviews[0].Photos, photos) {
		t.Errorf("recent reviews: %v %v", recent, err)
	}
}

// The ways to attach a photo that is not one's own to give: another member's, a listing's, a
// sixth, one already used (twice in a row, and at once); each refused with its reason, and
// nothing stored.
func TestReviewPhotoAttacks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	mallory, victim := w.Person(t, "mallory", "landlord"), w.Person(t, "vera", "tenant")
	theirs := w.uploadPhoto(t, victim)
	listed := w.upload(t, "/api/upload/property-images", "images", mallory, file{"front.png", smallPNG()})
	if listed.status != http.StatusOK {
		t.Fatalf("listing image: %+v", listed)
	}
	six := w.uploadPhotos(t, mallory, 5)
	six = append(six, w.uploadPhoto(t, mallory))

	for name, c := range map[string]struct {
		photos []string
		msg    string
	}{
		"another member's upload": {[]string{six[0], theirs}, "Please use photos you uploaded yourself: one of them was uploaded from another account"},
		"a listing's image":       {[]string{listed.Files[0]}, "Please upload the review's photos with the review form: one of them was uploaded as a listing image"},
		"a sixth photo":           {six, "A review can have at most 5 photos"},
		"one photo twice":         {[]string{six[0], six[0]}, "Please add each photo only once"},
	} {
		t.Run(name, func(t *testing.T) {
			d := draft("general")
			d.Photos = c.photos
			_, err := w.client.CreateReview(ctx, testworld.As(mallory, d))
			if connect.CodeOf(err) != connect.CodeInvalidArgument || message(err) != c.msg {
				t.Errorf("%v", err)
			}
		})
	}
	var reviews, attached int
	if err := w.Pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM reviews), (SELECT count(*) FROM uploads WHERE attached_at IS NOT NULL)").
		Scan(&reviews, &attached); err != nil || reviews != 0 || attached != 0 {
		t.Fatalf("refusals stored %d reviews, attached %d uploads (%v)", reviews, attached, err)
	}
	// The victim's photo is still theirs to use.
	d := draft("general")
	d.Photos = []string{theirs}
	w.create(t, victim, d)

	// Five of one's own: fine; any of them again on another review: refused.
	d = draft("general")
	d.Photos = six[:5]
	w.create(t, mallory, d)
	d = draft("tenant_to_landlord")
	d.Photos = six[4:]
	if _, err := w.client.CreateReview(ctx, testworld.As(mallory, d)); message(err) != "Please upload the photos again: one of them is already used by another listing or review" {
		t.Errorf("a photo on a second review: %v", err)
	}

	// One fresh photo on many reviews at once (each of another property): exactly one gets it.
	if _, err := w.Pool.Exec(ctx, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
		SELECT 'Flat ' || i, i || ' Road', 'Leeds', 'apartment', 900, 1, 'flat-' || i FROM generate_series(2, 9) i`); err != nil {
		t.Fatal(err)
	}
	racer := w.Person(t, "rae", "tenant")
	shared := w.uploadPhoto(t, racer)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for id := int32(2); id <= 9; id++ {
		wg.Go(func() {
			d := draft("general")
			d.PropertyId, d.Photos = id, []string{shared}
			_, err := w.client.CreateReview(ctx, testworld.As(racer, d))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	won := 0
	for err := range errs {
		switch {
		case err == nil:
			won++
		case message(err) != "Please upload the photos again: one of them is already used by another listing or review":
			t.Errorf("parallel claim: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d reviews took one photo at once, want 1", won)
	}
}

// Review photos count in the daily upload quota with listing images, reserved under a lock in
// PostgreSQL: parallel uploads stop exactly at it.
func TestParallelPhotoUploadsStopAtTheDailyQuota(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{Uploads: upload.Options{PerDay: 4}})
	landlord := w.Person(t, "lena", "landlord")
	if a := w.upload(t, "/api/upload/property-images", "images", landlord, file{"front.png", smallPNG()}); a.status != http.StatusOK {
		t.Fatalf("listing image: %+v", a)
	}
	const n = 10
	answers := make(chan uploadAnswer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			<-start
			answers <- w.upload(t, photosPath, "photos", landlord, file{"p.png", smallPNG()})
		})
	}
	close(start)
	wg.Wait()
	close(answers)
	got := map[int]int{}
	for a := range answers {
		got[a.status]++
		if a.status == http.StatusTooManyRequests {
			if secs, _ := strconv.Atoi(a.header.Get("Retry-After")); a.Error != "You can upload at most 4 images a day. Please try again later." || secs < 60 {
				t.Errorf("refusal: %q, Retry-After %q", a.Error, a.header.Get("Retry-After"))
			}
		}
	}
	if got[http.StatusOK] != 3 || got[http.StatusTooManyRequests] != n-3 {
		t.Errorf("statuses %v, want three 200 (one listing image made four) and %d 429", got, n-3)
	}
	var stored int
	if err := w.Pool.QueryRow(context.Background(), "SELECT count(*) FROM uploads").Scan(&stored); err != nil || stored != 4 {
		t.Errorf("%d uploads stored (%v), want 4", stored, err)
	}
}

// Files are judged by their content, whatever their name and declared type; a request that
// fails stores nothing.
func TestReviewPhotoUploadsAreCheckedLikeListingImages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tenant := w.Person(t, "tom", "tenant")
	for name, c := range map[string]struct {
		files []file
		msg   string
	}{
		"text named as a picture": {[]file{{"photo.png", []byte("just some words, not a picture at all")}}, "photo.png is not a JPEG, PNG, GIF or WebP image."},
		"SVG named as a JPEG":     {[]file{{"photo.jpg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)}}, "photo.jpg is not a JPEG, PNG, GIF or WebP image."},
		"HTML after a good one":   {[]file{{"ok.png", smallPNG()}, {"page.gif", []byte("<html><script>alert(1)</script>")}}, "page.gif is not a JPEG, PNG, GIF or WebP image."},
		"a 64-megapixel bomb":     {[]file{{"bomb.png", uploadtest.PNGHeader(8000, 8000)}}, "bomb.png has 64.0 megapixels: images of up to 50 megapixels are accepted."},
		"six in one request":      {slices.Repeat([]file{{"p.png", smallPNG()}}, 6), "You can only upload a maximum of 5 photos."},
	} {
		t.Run(name, func(t *testing.T) {
			a := w.upload(t, photosPath, "photos", tenant, c.files...)
			if a.status != http.StatusBadRequest || a.Error != c.msg {
				t.Errorf("%d %q", a.status, a.Error)
			}
		})
	}
	var stored int
	if err := w.Pool.QueryRow(context.Background(), "SELECT count(*) FROM uploads").Scan(&stored); err != nil || stored != 0 {
		t.Errorf("refused uploads stored %d (%v)", stored, err)
	}
}

// A review that reports hid, a moderator removed or the blind reveal holds does not serve its
// photos: only its author and the moderators see them, as they see its text; restored or
// revealed, the photos are public again.
// Photos attached before reviews had their own upload path (listing-image names) follow their
// review the same way.
func TestHiddenAndRemovedReviewsDoNotServeTheirPhotos(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	author, stranger, admin := w.Member(t, "writer", "landlord"), w.Person(t, "sid", "tenant"), w.Person(t, "root", "admin")
	photo := w.uploadPhoto(t, author)
	legacy := w.upload(t, "/api/upload/property-images", "images", author, file{"old.png", smallPNG()}).Files[0]
	d := draft("general")
	d.Photos = []string{photo}
	r := w.create(t, author, d)
	w.Exec(t, `UPDATE uploads SET attached_at = now(), review_id = $1 WHERE key = $2`, r.Id, strings.TrimPrefix(legacy, upload.URLPrefix))
	w.Exec(t, `UPDATE reviews SET photos = photos || $2::text WHERE id = $1`, r.Id, legacy)

	viewers := map[string]string{"admin": admin, "author": author, "stranger": stranger, "visitor": ""}
	ext := path.Ext(photo)
	urls := []string{photo, strings.TrimSuffix(photo, ext) + "-w480" + ext, legacy}
	expect := func(when, want string) {
		t.Helper()
		for _, url := range urls {
			if got := w.seenBy(t, url, viewers); got != want {
				t.Errorf("%s, %s: %s; want %s", when, url, got, want)
			}
		}
	}
	everyone := "admin 200, author 200, stranger 200, visitor 200"
	private := "admin 200, author 200, stranger 404, visitor 404"
	expect("published", everyone)

	for _, who := range []string{"reporter1", "reporter2", "reporter3"} {
		n := who[len(who)-1:]
		req := testworld.As(w.established(t, who), &reviewv1.ReportReviewRequest{ReviewId: r.Id, Reason: "offensive"})
		if _, err := w.client.ReportReview(ctx, testworld.From(req, "198.51.100."+n, "browser-"+n)); err != nil {
			t.Fatal(err)
		}
	}
	if w.status(t, r.Id) != "hidden" {
		t.Fatalf("three independent reports left the review %s", w.status(t, r.Id))
	}
	expect("hidden", private)
	if res, _ := w.fetch(t, photo, author); res.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("a hidden review's photo cached as %q", res.Header.Get("Cache-Control"))
	}

	moderate := func(decision string) {
		t.Helper()
		if _, err := w.client.ModerateReview(ctx, testworld.As(admin, &reviewv1.ModerateReviewRequest{ReviewId: r.Id, Decision: decision})); err != nil {
			t.Fatal(err)
		}
	}
	moderate("restore")
	expect("restored", everyone)
	// The blind reveal hides a review's photos as it hides its text, until it is over.
	w.Exec(t, `UPDATE reviews SET reveal_at = now() + interval '14 days' WHERE id = $1`, r.Id)
	expect("held by the blind reveal", private)
	w.Exec(t, `UPDATE reviews SET reveal_at = now() - interval '1 second' WHERE id = $1`, r.Id)
	expect("revealed", everyone)
	moderate("remove")
	expect("removed", private)
	// A browser that kept the photo asks again, and is told it is gone.
	if res, _ := w.fetch(t, photo, "", "If-None-Match", strconv.Quote(strings.TrimPrefix(photo, upload.URLPrefix))); res.StatusCode != http.StatusNotFound {
		t.Errorf("revalidating a removed review's photo: %d", res.StatusCode)
	}
}

// A photo never sent with a review is deleted, file and row, a day after its upload, as the
// privacy policy says; one sent stays.
func TestUnsentPhotosAreDeletedAfterADay(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	tenant := w.Person(t, "una", "tenant")
	photos := w.uploadPhotos(t, tenant, 2)
	d := draft("general")
	d.Photos = photos[1:]
	w.create(t, tenant, d)
	w.Exec(t, `UPDATE uploads SET created_at = now() - interval '25 hours'`)
	if n, err := w.Uploads.RemoveUnattached(ctx); err != nil || n != 1 {
		t.Fatalf("removed %d (%v), want the unsent one", n, err)
	}
	if got := w.seenBy(t, photos[0], map[string]string{"uploader": tenant}); got != "uploader 404" {
		t.Errorf("unsent photo after a day: %s", got)
	}
	if got := w.seenBy(t, photos[1], map[string]string{"visitor": ""}); got != "visitor 200" {
		t.Errorf("sent photo after a day: %s", got)
	}
}
