// Package s3test serves an in-memory S3-compatible store (gofakes3) on a loopback port, for
// tests that run the blob store as production does against S3: through gocloud's s3blob, with
// credentials from the environment.
package s3test

import (
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Start serves an empty bucket until the test ends and returns its BLOB_URL, in the form the
// README gives operators. It sets the AWS credentials in the environment as an operator would
// (so t must not be parallel) and turns off the instance-metadata lookup and the shared config
// files, so the SDK reads nothing but what the test gives it.
func Start(t testing.TB, bucket string) string {
	t.Helper()
	for name, value := range map[string]string{
		"AWS_ACCESS_KEY_ID":           "rentproof-test",
		"AWS_SECRET_ACCESS_KEY":       "rentproof-test-secret",
		"AWS_EC2_METADATA_DISABLED":   "true",
		"AWS_CONFIG_FILE":             "/nonexistent",
		"AWS_SHARED_CREDENTIALS_FILE": "/nonexistent",
	} {
		t.Setenv(name, value)
	}
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return "s3://" + bucket + "?endpoint=" + srv.URL + "&region=us-east-1&use_path_style=true"
}
