package property

import (
	"context"
	"testing"

	"github.com/rentproof/rentproof/internal/dbtest"
)

// A text search finds an active listing by its words as they are now, through
// property_search_texts, which only a change of those words or of the listing's being active
// writes: a verification or a review's stars leave its trigrams alone (migration
// 20261206000100).
func TestSearchTextsFollowTheListing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	s := NewService(pool, pool, nil)
	if _, err := pool.Exec(ctx, `INSERT INTO users (id, username, password_hash, email, first_name, last_name, role)
			VALUES (1, 'owner', 'x', 'owner@example.com', 'Olive', 'Owner', 'landlord')`); err != nil {
		t.Fatal(err)
	}
	var id int32
	if err := pool.QueryRow(ctx, `INSERT INTO properties (title, address, city, property_type, monthly_rent, landlord_id, slug)
			VALUES ('Quiet loft', '1 Mill Lane', 'Austin', 'loft', 1200, 1, 'quiet-loft') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	finds := func(t *testing.T, query string) bool {
		t.Helper()
		res, err := s.Search(ctx, Search{Query: query, SortBy: SortNewest, PageSize: 12})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Properties {
			if p.ID == id {
				return true
			}
		}
		return false
	}
	// textVersion is the transaction that last wrote the listing's text row ("" for none).
	textVersion := func(t *testing.T) string {
		t.Helper()
		var xmin string
		if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT xmin::text FROM property_search_texts WHERE property_id = $1), '')`,
			id).Scan(&xmin); err != nil {
			t.Fatal(err)
		}
		return xmin
	}
	exec := func(t *testing.T, sql string) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, id); err != nil {
			t.Fatal(err)
		}
	}

	if !finds(t, "mill") || finds(t, "harbour") {
		t.Fatal("a new listing is not found by its street, or is by another")
	}
	written := textVersion(t)
	exec(t, `UPDATE properties SET verified = true, verification_proof = 'demo', rating5_count = 3, monthly_rent = 1300 WHERE id = $1`)
	exec(t, `UPDATE properties SET title = 'Quiet loft', address = '1 Mill Lane' WHERE id = $1`) // the same words again
	if v := textVersion(t); v != written {
		t.Errorf("writes that left the words alone rewrote the text (version %s, then %s)", written, v)
	}
	exec(t, `UPDATE properties SET address = '9 Harbour Row' WHERE id = $1`)
	if !finds(t, "harbour") || finds(t, "mill") {
		t.Error("a moved listing is not found by its new street alone")
	}
	exec(t, `UPDATE properties SET active = false WHERE id = $1`)
	if finds(t, "harbour") || textVersion(t) != "" {
		t.Error("an inactive listing keeps its text")
	}
	exec(t, `UPDATE properties SET active = true WHERE id = $1`)
	if !finds(t, "harbour") {
		t.Error("a listing active again is not found")
	}
	exec(t, `DELETE FROM properties WHERE id = $1`)
	if textVersion(t) != "" {
		t.Error("a deleted listing keeps its text")
	}
}
