package property_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // decoders for the files served back
	_ "image/png"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

// served fetches an upload as a browser would and decodes it.
func served(t *testing.T, srv *testserver.Server, url string) (image.Image, string, int) {
	t.Helper()
	res, err := http.Get(srv.URL + url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	m, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode %s: %v", url, err)
	}
	if want := map[string]string{"jpeg": "image/jpeg", "png": "image/png"}[format]; res.Header.Get("Content-Type") != want {
		t.Errorf("%s is %s served as %q", url, format, res.Header.Get("Content-Type"))
	}
	return m, format, len(data)
}

func count(t *testing.T, srv *testserver.Server, query string, args ...any) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The attack: a landlord listed a property with another landlord's image URL, and it was taken.
// An image now belongs to the account that uploaded it, and serves one listing.
func TestImagesBelongToTheirUploader(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	alice := signUp(t, srv, "alice", "landlord")
	mallory := signUp(t, srv, "mallory", "landlord")
	_, up := alice.upload(part{"images", "front.png", testworld.SmallPNG(t)})
	alices := files(up)

	status, body := mallory.json(http.MethodPost, "/api/properties", listing(alices))
	want := "Please use images you uploaded yourself: one of them was uploaded from another account"
	if status != http.StatusBadRequest || body["message"] != want || strings.Contains(fmt.Sprint(body), "alice") {
		t.Errorf("another landlord's image: %d %v", status, body)
	}
	// Mixed with one of mallory's own, it is refused all the same, and mallory's stays free.
	_, up = mallory.upload(part{"images", "mine.png", testworld.SmallPNG(t)})
	malloryOwn := files(up)
	if status, body := mallory.json(http.MethodPost, "/api/properties", listing(append(malloryOwn, alices...))); status != http.StatusBadRequest || body["message"] != want {
		t.Errorf("mixed: %d %v", status, body)
	}
	if n := count(t, srv, "SELECT count(*) FROM properties"); n != 0 {
		t.Fatalf("refused listings stored %d properties", n)
	}
	if status, body := mallory.json(http.MethodPost, "/api/properties", listing(malloryOwn)); status != http.StatusOK {
		t.Errorf("mallory's own image: %d %v", status, body)
	}
	status, created := alice.json(http.MethodPost, "/api/properties", listing(alices))
	if status != http.StatusOK {
		t.Fatalf("alice's own image: %d %v", status, created)
	}
	// Used once: a second listing needs its own upload.
	status, body = alice.json(http.MethodPost, "/api/properties", listing(alices))
	if status != http.StatusBadRequest || body["message"] != "Please upload the images again: one of them is already used by another listing or review" {
		t.Errorf("image used twice: %d %v", status, body)
	}
	if n := count(t, srv, "SELECT count(*) FROM uploads u JOIN users a ON a.id = u.owner_id WHERE a.username = 'alice' AND u.property_id = $1", created["id"]); n != 1 {
		t.Errorf("alice's upload attached to her listing: %d", n)
	}
}

// Two listings made at once with the same upload: exactly one gets it.
func TestParallelListingsClaimAnUploadOnce(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "paula", "landlord")
	_, up := landlord.upload(part{"images", "front.png", testworld.SmallPNG(t)})
	urls := files(up)
	const n = 12
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Go(func() {
			<-start
			status, _ := landlord.json(http.MethodPost, "/api/properties", listing(urls))
			statuses <- status
		})
	}
	close(start)
	wg.Wait()
	close(statuses)
	got := map[int]int{}
	for s := range statuses {
		got[s]++
	}
	if got[http.StatusOK] != 1 || got[http.StatusBadRequest] != n-1 {
		t.Errorf("statuses %v, want one 200 and %d 400", got, n-1)
	}
	if c := count(t, srv, "SELECT count(*) FROM properties"); c != 1 {
		t.Errorf("%d listings stored", c)
	}
	if c := count(t, srv, "SELECT count(*) FROM uploads WHERE property_id IN (SELECT id FROM properties)"); c != 1 {
		t.Errorf("upload attached %d times", c)
	}
}

// The attack: a 6000x6000 all-zero PNG (36 megapixels, ~100 MB once a browser decodes it) was
// served as uploaded. It is a valid image of a size phones take, so it is accepted, but what is
// stored and served is a 2048-pixel re-encoding of a few kilobytes.
func TestLargeImagesAreStoredDownscaled(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "bob", "landlord")
	grey := uploadtest.PNG(image.NewGray(image.Rect(0, 0, 6000, 6000)))
	transparent := uploadtest.PNG(image.NewNRGBA(image.Rect(0, 0, 6000, 6000)))
	status, up := landlord.upload(part{"images", "zero.png", grey}, part{"images", "clear.png", transparent})
	if status != http.StatusOK || len(files(up)) != 2 {
		t.Fatalf("upload: %d %v", status, up)
	}
	urls := files(up)
	m, format, size := served(t, srv, urls[0])
	if m.Bounds() != image.Rect(0, 0, 2048, 2048) || format != "jpeg" || size > 200<<10 {
		t.Errorf("grey zeros stored as %s %v, %d bytes", format, m.Bounds(), size)
	}
	// Transparency is kept: PNG.
	m, format, _ = served(t, srv, urls[1])
	if m.Bounds() != image.Rect(0, 0, 2048, 2048) || format != "png" {
		t.Errorf("transparent zeros stored as %s %v", format, m.Bounds())
	}
	if _, _, _, a := m.At(5, 5).RGBA(); a != 0 {
		t.Errorf("transparent pixel has alpha %d", a)
	}
	if n := count(t, srv, "SELECT count(*) FROM uploads WHERE width = 2048 AND height = 2048 AND bytes > 0"); n != 2 {
		t.Errorf("%d uploads recorded with their stored size", n)
	}

	// A phone's 50 megapixels (8160x6120, 4:2:0 JPEG) is accepted and stored at 2048x1536.
	photo := image.NewYCbCr(image.Rect(0, 0, 8160, 6120), image.YCbCrSubsampleRatio420)
	for i := range photo.Y {
		photo.Y[i] = uint8(i % 251)
	}
	status, up = landlord.upload(part{"images", "phone.jpg", uploadtest.JPEG(photo)})
	if status != http.StatusOK {
		t.Fatalf("50-megapixel photo: %d %v", status, up)
	}
	if m, format, _ := served(t, srv, files(up)[0]); m.Bounds() != image.Rect(0, 0, 2048, 1536) || format != "jpeg" {
		t.Errorf("photo stored as %s %v", format, m.Bounds())
	}
}

// WebP is decoded (it was refused as unreadable before): lossless, with or without alpha, and a
// solid 49-megapixel one of a few bytes; past 50 megapixels it is refused from its header.
func TestWebPUploads(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "wendy", "landlord")
	redish, bluish := color.NRGBA{220, 20, 20, 255}, color.NRGBA{20, 20, 220, 255}
	left := func(x, _ int) bool { return x < 30 }
	halves := uploadtest.LosslessWebP(60, 40, redish, bluish, left)
	seeThrough := uploadtest.LosslessWebP(60, 40, redish, color.NRGBA{}, left)
	solid := uploadtest.LosslessWebP(7000, 7000, bluish, bluish, left)
	status, up := landlord.upload(part{"images", "a.webp", halves}, part{"images", "b.webp", seeThrough}, part{"images", "c.webp", solid})
	if status != http.StatusOK || len(files(up)) != 3 {
		t.Fatalf("upload: %d %v", status, up)
	}
	urls := files(up)
	m, format, _ := served(t, srv, urls[0])
	r, _, b, _ := m.At(5, 20).RGBA()
	r2, _, b2, _ := m.At(55, 20).RGBA()
	if format != "jpeg" || m.Bounds() != image.Rect(0, 0, 60, 40) || r>>8 < 180 || b>>8 > 60 || r2>>8 > 60 || b2>>8 < 180 {
		t.Errorf("opaque WebP stored as %s %v, left %d/%d right %d/%d", format, m.Bounds(), r>>8, b>>8, r2>>8, b2>>8)
	}
	m, format, _ = served(t, srv, urls[1])
	if _, _, _, a := m.At(55, 20).RGBA(); format != "png" || a != 0 {
		t.Errorf("transparent WebP stored as %s, alpha %d", format, a)
	}
	m, _, size := served(t, srv, urls[2])
	if m.Bounds() != image.Rect(0, 0, 2048, 2048) || size > 200<<10 {
		t.Errorf("solid WebP stored as %v, %d bytes", m.Bounds(), size)
	}
	bomb := uploadtest.LosslessWebP(8000, 8000, bluish, bluish, left)
	status, body := landlord.upload(part{"images", "bomb.webp", bomb})
	if status != http.StatusBadRequest || body["error"] != "bomb.webp has 64.0 megapixels: images of up to 50 megapixels are accepted." {
		t.Errorf("%d-byte 64-megapixel WebP: %d %v", len(bomb), status, body)
	}
}

// Phones record where a photo was taken (EXIF GPS) and how to turn it (EXIF orientation). The
// stored version keeps nothing of the EXIF block, and is turned upright.
func TestPhotoMetadataIsStripped(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "gina", "landlord")
	red, blue := color.RGBA{220, 20, 20, 255}, color.RGBA{20, 20, 220, 255}
	// Stored sideways (left half red) with orientation 6: "turn 90 degrees clockwise to view".
	photo := uploadtest.WithEXIF(uploadtest.JPEG(uploadtest.Halves(80, 40, red, blue)), 6)
	if !bytes.Contains(photo, []byte(uploadtest.Marker)) {
		t.Fatal("the test photo carries no GPS text")
	}
	status, up := landlord.upload(part{"images", "IMG_0001.jpg", photo})
	if status != http.StatusOK {
		t.Fatalf("upload: %d %v", status, up)
	}
	url := files(up)[0]
	res, err := http.Get(srv.URL + url)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, leak := range []string{uploadtest.Marker, "Exif", "GPS"} {
		if bytes.Contains(raw, []byte(leak)) {
			t.Errorf("served file contains %q", leak)
		}
	}
	m, _, _ := served(t, srv, url)
	if m.Bounds() != image.Rect(0, 0, 40, 80) {
		t.Fatalf("upright size %v, want 40x80", m.Bounds())
	}
	// Turned clockwise, the left (red) half is now on top.
	if r, _, b, _ := m.At(20, 10).RGBA(); r>>8 < 180 || b>>8 > 60 {
		t.Errorf("top is %d/%d, want red", r>>8, b>>8)
	}
	if r, _, b, _ := m.At(20, 70).RGBA(); r>>8 > 60 || b>>8 < 180 {
		t.Errorf("bottom is %d/%d, want blue", r>>8, b>>8)
	}
}

// The quota is counted in PostgreSQL under a lock: parallel uploads cannot pass it together.
func TestUploadQuota(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Uploads: upload.Options{PerDay: 3}})
	landlord := signUp(t, srv, "quinn", "landlord")
	img := testworld.SmallPNG(t)
	const n = 8
	type answer struct {
		status int
		body   map[string]any
	}
	answers := make(chan answer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			<-start
			status, body := landlord.upload(part{"images", "a.png", img})
			answers <- answer{status, body}
		})
	}
	close(start)
	wg.Wait()
	close(answers)
	got := map[int]int{}
	for a := range answers {
		got[a.status]++
		if a.status == http.StatusTooManyRequests && a.body["error"] != "You can upload at most 3 images a day. Please try again later." {
			t.Errorf("refusal: %v", a.body)
		}
	}
	if got[http.StatusOK] != 3 || got[http.StatusTooManyRequests] != n-3 {
		t.Errorf("statuses %v, want three 200 and %d 429", got, n-3)
	}
	if c := count(t, srv, "SELECT count(*) FROM uploads"); c != 3 {
		t.Errorf("%d uploads stored", c)
	}

	// Retry-After says when the oldest leaves the day's window; a partly full quota says what is left.
	other := signUp(t, srv, "rita", "landlord")
	if status, body := other.upload(part{"images", "a.png", img}, part{"images", "b.png", img}); status != http.StatusOK {
		t.Fatalf("two of three: %d %v", status, body)
	}
	status, body := other.upload(part{"images", "a.png", img}, part{"images", "b.png", img})
	if status != http.StatusTooManyRequests || body["error"] != "You can upload at most 3 images a day: 1 more for now." {
		t.Errorf("two more: %d %v", status, body)
	}
	if status, body := other.upload(part{"images", "c.png", img}); status != http.StatusOK {
		t.Errorf("the last one: %d %v", status, body)
	}
	res := other.rawUpload(part{"images", "d.png", img})
	res.Body.Close()
	if secs, _ := strconv.Atoi(res.Header.Get("Retry-After")); res.StatusCode != http.StatusTooManyRequests || secs < 86000 || secs > 86400 {
		t.Errorf("full: %d, Retry-After %q, want about a day", res.StatusCode, res.Header.Get("Retry-After"))
	}
}

// Uploads never attached to a listing are removed, file and row, a day after their upload;
// attached ones and recent ones stay.
func TestUnattachedUploadsAreRemoved(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "hugo", "landlord")
	_, up := landlord.upload(part{"images", "used.png", testworld.SmallPNG(t)}, part{"images", "forgotten.png", testworld.SmallPNG(t)})
	urls := files(up)
	if status, body := landlord.json(http.MethodPost, "/api/properties", listing(urls[:1])); status != http.StatusOK {
		t.Fatalf("create: %d %v", status, body)
	}
	_, up = landlord.upload(part{"images", "recent.png", testworld.SmallPNG(t)})
	recent := files(up)[0]
	// A day passes for the first two.
	if _, err := srv.Pool.Exec(context.Background(), "UPDATE uploads SET created_at = created_at - interval '25 hours' WHERE key <> $1",
		strings.TrimPrefix(recent, upload.URLPrefix)); err != nil {
		t.Fatal(err)
	}
	removed, err := srv.Uploads.RemoveUnattached(context.Background())
	if err != nil || removed != 1 {
		t.Fatalf("removed %d (%v), want 1", removed, err)
	}
	for name, c := range map[string]struct {
		url  string
		want int
	}{
		"attached": {urls[0], http.StatusOK}, "forgotten": {urls[1], http.StatusNotFound}, "recent": {recent, http.StatusOK},
	} {
		t.Run(name, func(t *testing.T) {
			res, err := http.Get(srv.URL + c.url)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != c.want {
				t.Errorf("GET %s: %d, want %d", c.url, res.StatusCode, c.want)
			}
		})
	}
	if c := count(t, srv, "SELECT count(*) FROM uploads"); c != 2 {
		t.Errorf("%d upload rows left, want 2", c)
	}
	// Removed means gone: a listing cannot claim it any more.
	status, body := landlord.json(http.MethodPost, "/api/properties", listing(urls[1:2]))
	if status != http.StatusBadRequest || body["message"] != "Please upload the images again: one of them was not found" {
		t.Errorf("removed image: %d %v", status, body)
	}
	if removed, err := srv.Uploads.RemoveUnattached(context.Background()); err != nil || removed != 0 {
		t.Errorf("second run removed %d (%v)", removed, err)
	}
}
