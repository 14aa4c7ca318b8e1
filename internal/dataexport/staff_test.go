package dataexport_test

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A member's export holds what they did and what was decided about them, not which administrator
// decided it (the API says "An administrator"; GET /api/users/{id} would name one from their id)
// nor how many members reported their review (a count only administrators read: one report after
// a quarrel names its reporter).
func TestExportNamesNoAdministratorAndNoReportCount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.Established(t, "carol", "landlord")
	alice := w.Established(t, "alice", "tenant")
	w.own(t, "alice", alice)
	admin := w.ID(t, `INSERT INTO users (username, password_hash, email, first_name, last_name, role) VALUES ('ada', 'x', 'ada@example.com', 'Ada', 'Lovelace', 'admin') RETURNING id`)
	w.Exec(t, `UPDATE tenant_verifications SET verified_by_id = $1, changed_by = $1 WHERE tenant_id = $2`, admin, w.UserID(t, "alice"))
	w.Exec(t, `UPDATE verification_requests SET arranged_at = now(), arranged_by = $1 WHERE requested_by_id = $2 OR requested_to_id = $2`, admin, w.UserID(t, "alice"))
	w.Exec(t, `UPDATE reviews SET report_count = 1 WHERE user_id = $1`, w.UserID(t, "alice"))

	status, _, body := download(t, w.ready(t, alice), alice)
	if status != http.StatusOK {
		t.Fatalf("download: %d", status)
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	for file, fields := range map[string][]string{
		"tenancies.json":             {`"tenant_id"`, `"verified_by_id"`, `"changed_by"`},
		"verification_requests.json": {`"requested_by_id"`, `"arranged_by"`},
		"reviews.json":               {`"rating"`, `"report_count"`},
	} {
		f, err := z.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(f)
		_ = f.Close()
		if !strings.Contains(string(data), fields[0]) {
			t.Errorf("%s lacks %s: %s", file, fields[0], data)
		}
		for _, field := range fields[1:] {
			if strings.Contains(string(data), field) {
				t.Errorf("%s holds %s: %s", file, field, data)
			}
		}
	}
}
