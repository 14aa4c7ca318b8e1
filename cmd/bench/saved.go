package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/property"
)

// savedSessionPrefix + user id is the session token of the saved-search bench's users.
const savedSessionPrefix = "bench-saved-session-"

// savedScenario is a search scenario of a signed-in user (issue 15: every property a search
// returns carries the caller's saved flag, looked up in the page's own statement).
type savedScenario struct {
	name    string
	targets []vegeta.Target
}

// savedSearches returns the city search sorted by highestRated (the signed-out scenario's) as
// two signed-in tenants send it: one who saved nothing, which measures signing in (the session
// lookup), and one who saved property.MaxSaved properties of that city, among them every other
// one of its first page, which adds the flags' lookups. It gives both users a session and the
// second its saved properties afresh, so a reused data set gets them once.
func savedSearches(ctx context.Context, pool *pgxpool.Pool, base, city string) ([]savedScenario, error) {
	var none, full int32
	if err := pool.QueryRow(ctx, `SELECT min(id), max(id) FROM (
			SELECT id FROM users WHERE role = 'tenant' ORDER BY id LIMIT 2) t`).Scan(&none, &full); err != nil {
		return nil, fmt.Errorf("pick saved-search users: %w", err)
	}
	steps := []struct {
		what, sql string
		args      []any
	}{
		{"sessions", `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, client_ip)
			SELECT id, sha256(convert_to($1 || id, 'UTF8')), now() + interval '1 day', 'rentproof-bench', '127.0.0.1'
			FROM unnest($2::int[]) id
			ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at, last_seen_at = now(), revoked_at = NULL`,
			[]any{savedSessionPrefix, []int32{none, full}}},
		{"clear saved", `DELETE FROM saved_properties WHERE user_id = ANY($1::int[])`, []any{[]int32{none, full}}},
		{"saved properties", `WITH ranked AS (
				SELECT id, row_number() OVER (ORDER BY rating DESC, review_count DESC, id DESC) AS n
				FROM properties WHERE active AND city_key = lower($2)
			), picked AS (
				(SELECT id FROM ranked WHERE n <= 12 AND n % 2 = 1)
				UNION ALL
				(SELECT id FROM ranked WHERE n > 12 ORDER BY md5(id::text) LIMIT $3 - 6)
			)
			INSERT INTO saved_properties (user_id, property_id) SELECT $1, id FROM picked`,
			[]any{full, city, property.MaxSaved}},
		{"analyze", `ANALYZE saved_properties`, nil},
	}
	for _, s := range steps {
		if _, err := pool.Exec(ctx, s.sql, s.args...); err != nil {
			return nil, fmt.Errorf("saved-search bench, %s: %w", s.what, err)
		}
	}
	var saved int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM saved_properties WHERE user_id = $1`, full).Scan(&saved); err != nil {
		return nil, err
	}
	if saved != int(property.MaxSaved) {
		return nil, fmt.Errorf("saved-search bench: %s has %d listings, fewer than the %d to save", city, saved, property.MaxSaved)
	}
	target := func(userID int32) []vegeta.Target {
		h := http.Header{}
		h.Set("Cookie", identity.SessionCookie+"="+savedSessionPrefix+strconv.Itoa(int(userID)))
		return []vegeta.Target{{
			Method: http.MethodGet, URL: base + "/api/properties?sortBy=highestRated&city=" + url.QueryEscape(city), Header: h,
		}}
	}
	scenarios := []savedScenario{
		{fmt.Sprintf("search city=%s sortBy=highestRated, signed in, none saved", city), target(none)},
		{fmt.Sprintf("search city=%s sortBy=highestRated, signed in with %d saved", city, property.MaxSaved), target(full)},
	}
	// Warm the sessions' and saved rows' pages as the signed-out search is warmed, so the first
	// signed-in scenario does not pay for cold pages (a 2 s run showed its p99 at 31 ms, the
	// next one's at 5). Best effort: a failed request only leaves them cold.
	for _, s := range scenarios {
		for range 200 {
			warm(ctx, s.targets[0])
		}
	}
	return scenarios, nil
}

// warm sends one request of t and drops the answer.
func warm(ctx context.Context, t vegeta.Target) {
	req, err := http.NewRequestWithContext(ctx, t.Method, t.URL, http.NoBody)
	if err != nil {
		return
	}
	req.Header = t.Header.Clone()
	if res, err := http.DefaultClient.Do(req); err == nil {
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}
