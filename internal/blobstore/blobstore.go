// Package blobstore keeps files in a gocloud.dev bucket: a local folder by default, any
// S3-compatible store by configuration. It implements the small store interface the upload
// domain declares, so the domain never depends on the cloud SDKs (or their HTTP clients).
package blobstore

import (
	"context"
	"fmt"
	"io"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets (any S3-compatible store)
	"gocloud.dev/gcerrors"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Bucket is an open blob store.
type Bucket struct{ b *blob.Bucket }

// Open opens the store at url: file:///path?create_dir=1 or s3://bucket?endpoint=…&region=….
func Open(ctx context.Context, url string) (*Bucket, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	return &Bucket{b: b}, nil
}

// Close releases the store.
func (b *Bucket) Close() error { return b.b.Close() }

// Write stores data under key with its content type.
func (b *Bucket) Write(ctx context.Context, key string, data []byte, contentType string) error {
	return b.b.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType})
}

// Create opens key for writing, streamed (a file larger than memory never is held in it): the
// file appears whole when the writer closes without error; cancelling ctx before Close discards it.
func (b *Bucket) Create(ctx context.Context, key, contentType string) (io.WriteCloser, error) {
	return b.b.NewWriter(ctx, key, &blob.WriterOptions{ContentType: contentType})
}

// Delete removes key; a missing key is not an error.
func (b *Bucket) Delete(ctx context.Context, key string) error {
	if err := b.b.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return err
	}
	return nil
}

// Read opens key and tells its size; a missing key is apperr.ErrNotFound.
func (b *Bucket) Read(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	r, err := b.b.NewReader(ctx, key, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, 0, fmt.Errorf("read %s: %w", key, apperr.ErrNotFound)
		}
		return nil, 0, err
	}
	size := r.Size()
	return r, size, nil
}
