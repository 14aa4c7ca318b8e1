package upload

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

// The signature check answers only the four formats, each only for its signature.
func FuzzSniff(f *testing.F) {
	for _, seed := range []string{"\xFF\xD8\xFF\xE0", "\x89PNG\r\n\x1a\n", "GIF89a", "RIFF\x00\x00\x00\x00WEBPVP8 ", "RIFF", "%PDF-1.7", ""} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		format, ok := Sniff(head)
		signatures := map[string]bool{
			"jpeg": bytes.HasPrefix(head, []byte("\xFF\xD8\xFF")),
			"png":  bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")),
			"gif":  bytes.HasPrefix(head, []byte("GIF8")),
			"webp": bytes.HasPrefix(head, []byte("RIFF")) && len(head) >= 16,
		}
		if ok != (format != "") || ok && !signatures[format] {
			t.Fatalf("Sniff(%q) = %q %v", head, format, ok)
		}
	})
}

// The image pipeline (header check, decode within the budget, re-encode) never panics on any
// file; it accepts a file only as an image at most MaxSide on each side, re-encoded as JPEG or
// PNG that decode again, and refuses everything else as invalid input, in bounded time.
func FuzzPrepareImage(f *testing.F) {
	f.Add(uploadtest.PNG(uploadtest.Halves(40, 30, color.RGBA{200, 40, 40, 255}, color.RGBA{40, 40, 200, 255})))
	f.Add(uploadtest.JPEG(uploadtest.Halves(30, 20, color.RGBA{200, 40, 40, 255}, color.RGBA{40, 40, 200, 255})))
	f.Add([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\x00\x00\x00\x01\x00\x00\x08\x02\x00\x00\x00"))
	f.Add([]byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00"))
	f.Add([]byte("not an image"))
	s := New(nil, nil, Options{DecodeMemory: 64 << 20})
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		img, err := s.prepare(context.Background(), File{Name: "fuzz", Body: bytes.NewReader(data)})
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("%d bytes took %v", len(data), d)
		}
		if err != nil {
			if !errors.Is(err, apperr.ErrInvalidArgument) {
				t.Fatalf("refused with %v, not as invalid input", err)
			}
			return
		}
		if img.main.width > MaxSide || img.main.height > MaxSide || img.main.width < 1 || img.main.height < 1 {
			t.Fatalf("stored %dx%d", img.main.width, img.main.height)
		}
		m, format, err := image.Decode(bytes.NewReader(img.main.data))
		want := map[string]string{"jpg": "jpeg", "png": "png"}[img.ext]
		if err != nil || format != want || m.Bounds().Dx() != img.main.width {
			t.Fatalf("stored file does not decode as %s: %v %s", img.ext, err, format)
		}
	})
}
