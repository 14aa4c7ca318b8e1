package document

import (
	"bytes"
	"testing"

	"github.com/rentproof/rentproof/internal/upload"
)

// A document is a PDF by its signature, or an image as package upload recognises one, never a
// GIF; nothing else passes.
func FuzzSniff(f *testing.F) {
	for _, seed := range []string{"%PDF-1.7\n", "%PDF", "\xFF\xD8\xFF\xE0", "\x89PNG\r\n\x1a\n", "GIF89a", "RIFF\x00\x00\x00\x00WEBPVP8L", "<html>", ""} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		format, ok := sniff(head)
		image, isImage := upload.Sniff(head)
		pdf := bytes.HasPrefix(head, []byte("%PDF-"))
		switch {
		case pdf && (!ok || format != "pdf"):
			t.Fatalf("%q: a PDF read as %q %v", head, format, ok)
		case !pdf && ok != (isImage && image != "gif"):
			t.Fatalf("%q: %q %v, upload.Sniff says %q", head, format, ok, image)
		case ok && !pdf && format != image:
			t.Fatalf("%q: %q, upload.Sniff says %q", head, format, image)
		case ok && types[format][1] == "":
			t.Fatalf("%q: %q has no content type", head, format)
		}
	})
}
