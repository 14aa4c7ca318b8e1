package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A backup made while the real server holds uploads and documents restores into a fresh database
// and a fresh blob folder with every row of every table and every file, byte for byte, and every
// key a restored row names is a restored file. A backup waits for a file-deleting job that is
// running (the blob lock), so it never copies a row whose file that job deletes.
func TestBackupRestoresEveryRowAndFile(t *testing.T) {
	t.Parallel()
	w := testworld.Start(t, testserver.Options{})
	ctx := context.Background()
	landlord := w.Member(t, "backup_landlord", "landlord")
	property := w.Property(t, "backup_landlord", "Backed Up Flat")

	send := func(target, field string, files map[string][]byte) {
		t.Helper()
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		for name, data := range files {
			part, err := mw.CreateFormFile(field, name)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = part.Write(data)
		}
		_ = mw.Close()
		status, _, answer := testworld.Send(t, http.MethodPost, w.URL+target, landlord, mw.FormDataContentType(), &body)
		if status != http.StatusOK && status != http.StatusCreated {
			t.Fatalf("POST %s: %d %s", target, status, answer)
		}
	}
	send("/api/upload/property-images", "images", map[string][]byte{"a.png": testworld.SmallPNG(t), "b.png": testworld.SmallPNG(t)})
	send("/api/properties/"+strconv.Itoa(int(property))+"/upload-documents", "documents",
		map[string][]byte{"deed.pdf": []byte("%PDF-1.4\nthe deed\n"), "bill.pdf": []byte("%PDF-1.4\na bill\n")})
	if n := w.ID(t, "SELECT (SELECT count(*) FROM uploads) + (SELECT count(*) FROM ownership_documents)"); n != 4 {
		t.Fatalf("%d uploads and documents stored, want 4", n)
	}

	source, err := blob.OpenBucket(ctx, w.BlobURL)
	if err != nil {
		t.Fatal(err)
	}
	defer source.Close()
	dbURL := w.Pool.Config().ConnString()
	path := filepath.Join(t.TempDir(), "rentproof.backup")

	// A file-deleting job holds the lock shared: the backup waits for it to end.
	job, err := w.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.New(job).LockBlobsShared(ctx); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := backup(ctx, dbURL, source, path); done <- err }()
	select {
	case err := <-done:
		t.Fatalf("the backup ended (%v) while a file-deleting job held the blob lock", err)
	case <-time.After(500 * time.Millisecond):
	}
	if err := db.New(job).UnlockBlobsShared(ctx); err != nil {
		t.Fatal(err)
	}
	job.Release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// A fresh database and a fresh folder.
	name := fmt.Sprintf("restored_%d", time.Now().UnixNano())
	w.Exec(t, "CREATE DATABASE "+name)
	t.Cleanup(func() { _, _ = w.Pool.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	restoredURL := strings.Replace(dbURL, "/"+w.Pool.Config().ConnConfig.Database+"?", "/"+name+"?", 1)
	if restoredURL == dbURL {
		t.Fatalf("cannot name the new database in %s", dbURL)
	}
	target, err := blob.OpenBucket(ctx, "file://"+filepath.ToSlash(t.TempDir())+"?metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	defer target.Close()
	m, err := restore(ctx, restoredURL, target, path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Files < 4 {
		t.Errorf("the backup holds %d files, want at least the 4 uploaded", m.Files)
	}
	restored, err := pgxpool.New(ctx, restoredURL)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()

	// Every table, row for row.
	rows, err := w.Pool.Query(ctx, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var t string
		_ = rows.Scan(&t)
		tables = append(tables, t)
	}
	if rows.Err() != nil || len(tables) < 20 {
		t.Fatalf("%d tables (%v)", len(tables), rows.Err())
	}
	digest := func(pool *pgxpool.Pool, table string) string {
		var d string
		if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '')
			FROM %q t`, table)).Scan(&d); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		return d
	}
	for _, table := range tables {
		if a, b := digest(w.Pool, table), digest(restored, table); a != b {
			t.Errorf("table %s: %s before, %s restored", table, a, b)
		}
	}

	// Every file, byte for byte, and every file a restored row names.
	it := source.List(nil)
	files := 0
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		a, err := source.ReadAll(ctx, obj.Key)
		if err != nil {
			t.Fatal(err)
		}
		b, err := target.ReadAll(ctx, obj.Key)
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("file %s: restored %d bytes of %d (%v)", obj.Key, len(b), len(a), err)
		}
		files++
	}
	if files != m.Files {
		t.Errorf("%d files in the store, %d in the backup", files, m.Files)
	}
	keys, err := restored.Query(ctx, "SELECT key FROM uploads UNION ALL SELECT key FROM ownership_documents UNION ALL SELECT key FROM tenancy_documents")
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for keys.Next() {
		var key string
		_ = keys.Scan(&key)
		if ok, err := target.Exists(ctx, key); !ok || err != nil {
			t.Errorf("a restored row names %s, which the restored store lacks (%v)", key, err)
		}
		named++
	}
	if named != 4 {
		t.Errorf("%d keys named by restored rows, want 4", named)
	}

	// A restore never goes into a database with tables.
	if _, err := restore(ctx, restoredURL, target, path); err == nil || !strings.Contains(err.Error(), "restore needs an empty database") {
		t.Errorf("a second restore into the same database: %v", err)
	}
}
