package blobstore_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"gocloud.dev/blob"

	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/blobstore/s3test"
)

// The same conformance suite runs against every kind of store the server can be given: the local
// folder (as the default BLOB_URL opens it, and with gocloud's metadata files) and S3.
func TestConformanceFileStore(t *testing.T) {
	t.Parallel()
	dir := filepath.ToSlash(t.TempDir())
	t.Run("metadata=skip", func(t *testing.T) {
		// The server's default: no sidecar files, so no content type is kept here (the server
		// keeps it in the uploads and documents tables and never asks the store for it).
		conformance(t, "file://"+dir+"/skip?create_dir=1&metadata=skip", false)
	})
	t.Run("with metadata", func(t *testing.T) {
		conformance(t, "file://"+dir+"/attrs?create_dir=1", true)
	})
}

func TestConformanceS3(t *testing.T) { //nolint:paralleltest // s3test sets the AWS credentials in the environment, as an operator does
	conformance(t, s3test.Start(t, "rentproof-uploads"), true)
}

func conformance(t *testing.T, url string, keepsContentType bool) {
	t.Helper()
	ctx := context.Background()
	store, err := blobstore.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// A second handle on the same store, as a second server holds one.
	other, err := blobstore.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	jpeg := append([]byte{0xff, 0xd8, 0xff, 0xe0}, bytes.Repeat([]byte("rentproof"), 20_000)...)
	const key = "listing/ab/abcdef.jpg"
	if err := store.Write(ctx, key, jpeg, "image/jpeg"); err != nil {
		t.Fatalf("write: %v", err)
	}
	r, size, err := other.Read(ctx, key)
	if err != nil {
		t.Fatalf("read through the other handle: %v", err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, jpeg) || size != int64(len(jpeg)) {
		t.Fatalf("read back %d bytes (size %d, %v), wrote %d", len(got), size, err, len(jpeg))
	}

	// Overwriting a key replaces it whole.
	if err := store.Write(ctx, key, []byte("short"), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, other, key); string(got) != "short" {
		t.Errorf("after overwriting: %q", got)
	}

	if keepsContentType {
		b, err := blob.OpenBucket(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if err := store.Write(ctx, "documents/deed.pdf", []byte("%PDF-1.7\n"), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		attrs, err := b.Attributes(ctx, "documents/deed.pdf")
		if err != nil || attrs.ContentType != "application/pdf" {
			t.Errorf("content type kept: %+v %v", attrs, err)
		}
	}

	// An empty file is a file.
	if err := store.Write(ctx, "empty", nil, "application/octet-stream"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, other, "empty"); len(got) != 0 {
		t.Errorf("empty file read back as %d bytes", len(got))
	}

	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, _, err := other.Read(ctx, key); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("read after delete: %v, want apperr.ErrNotFound", err)
	}
	if err := other.Delete(ctx, key); err != nil {
		t.Errorf("deleting a missing key is not an error: %v", err)
	}
	if _, _, err := store.Read(ctx, "never/written"); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("a key never written: %v, want apperr.ErrNotFound", err)
	}
}

func read(t *testing.T, store *blobstore.Bucket, key string) []byte {
	t.Helper()
	r, _, err := store.Read(context.Background(), key)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	defer r.Close()
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
