package server

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/jpeg" // decoder for the files served
	"iter"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

// Every stored width is served with its stored type and cached for good; a width never made is
// served as its main file. Only uploads the uploads table records as stored re-encoded are
// served: a file in the store under no row (an orphan from before the table) and a legacy row
// the migration backfilled (bytes null: stored as uploaded, never re-encoded) answer 404, like a
// file that does not exist, in every width.
func TestServeUploadVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	files, err := blobstore.Open(ctx, "file://"+filepath.ToSlash(t.TempDir())+"?metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	uploads := upload.New(files, pool, upload.Options{})
	var owner int32
	if err := pool.QueryRow(ctx, `INSERT INTO users (username, password_hash, email, first_name, last_name, role)
		VALUES ('vic', 'x', 'vic@example.com', 'Vic', 'Doe', 'landlord') RETURNING id`).Scan(&owner); err != nil {
		t.Fatal(err)
	}
	photo := uploadtest.JPEG(uploadtest.Halves(2400, 1600, color.RGBA{200, 40, 40, 255}, color.RGBA{40, 40, 200, 255}))
	one := iter.Seq2[upload.File, error](func(yield func(upload.File, error) bool) {
		yield(upload.File{Name: "photo.jpg", Body: bytes.NewReader(photo)}, nil)
	})
	urls, err := uploads.SavePropertyImages(ctx, owner, one)
	if err != nil {
		t.Fatal(err)
	}
	main := strings.TrimSuffix(urls[0], ".jpg")
	// An orphan a valid image, so only the missing row refuses it; a backfilled row's file a GIF.
	orphan, backfilled := "properties/0123456789abcdef0123456789abcdef.jpg", "properties/abcdefabcdefabcdefabcdefabcdefab.gif"
	if err := files.Write(ctx, orphan, photo, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	if err := files.Write(ctx, backfilled, []byte("GIF89a stored long ago"), "image/gif"); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO uploads (key, owner_id, attached_at) VALUES ($1, $2, now())`, backfilled, owner); err != nil {
		t.Fatal(err)
	}
	h := serveUploads(uploads, account.NewService(pool))
	for _, c := range []struct {
		url, contentType string
		width            int // of the picture served; 0: not decoded
	}{
		{urls[0], "image/jpeg", 2048},
		{main + "-w960.jpg", "image/jpeg", 960},
		{main + "-w480.jpg", "image/jpeg", 480},
	} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(method, c.url, http.NoBody))
			res := rec.Result()
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != c.contentType ||
				res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
				t.Errorf("%s %s: %d %v", method, c.url, res.StatusCode, res.Header)
			}
			if method == http.MethodHead || c.width == 0 {
				continue
			}
			if m, _, err := image.Decode(rec.Body); err != nil || m.Bounds().Dx() != c.width {
				t.Errorf("%s: want %d wide (%v)", c.url, c.width, err)
			}
		}
	}
	for _, url := range []string{
		main + "-w500.jpg", main + "-w480.png", "/uploads/properties/ffffffffffffffffffffffffffffffff-w480.jpg",
		"/uploads/" + orphan, "/uploads/properties/0123456789abcdef0123456789abcdef-w480.jpg",
		"/uploads/" + backfilled, "/uploads/properties/abcdefabcdefabcdefabcdefabcdefab-w960.gif",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, http.NoBody))
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", url, rec.Code)
		}
	}
}
