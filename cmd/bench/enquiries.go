package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// The enquiries benchmark (issue 31, `make bench BENCH=enquiries`): an owner's list of the
// threads about their listings and a member's list of the threads they started (first pages of
// 20, unread first), and members replying in their threads, over listings, threads and messages
// (100,000, 1,000,000 and 5,000,000 by default), on a cluster with PostgreSQL's durable settings.

type enquiryOptions struct {
	properties, threads, messages int
	readRate, writeRate           int
	duration                      time.Duration
}

const (
	// enquirySessionPrefix + user id is the session token of the list readers and the senders.
	enquirySessionPrefix = "bench-enquiry-session-"
	// enquiryReaders is how many owners, and how many members, the list reads spread over.
	enquiryReaders = 1000
	// enquiryReplyGap is the time between a thread's messages in the data set.
	enquiryReplyGap = "3 hours"
)

// enquirySteps are the search data set's listings and users (no reviews) with, before it is
// marked complete, threads about the listings from the tenants among the users (threadsPerListing
// each in turn, a tenth of them closed), their messages (the member's first, then each side in
// turn, enquiryReplyGap apart; in every fifth thread the latest is unread), and each thread's
// columns the lists read (its latest message, each side's unread count) set from them as the
// server keeps them. Foreign-key checks are skipped (session_replication_role): every listing,
// user and thread referred to exists. The tables have no row triggers.
func enquirySteps(properties, threads, messages int) []step {
	steps := seedSteps(properties, 0)
	last := steps[len(steps)-1] // mark complete
	users := max(properties/5, 1000)
	tenants := users - users/10 // every tenth user is a landlord (seedSteps)
	return append(steps[:len(steps)-1],
		step{"truncate the enquiries", `TRUNCATE enquiry_threads, enquiry_messages, enquiry_viewings, enquiry_viewing_times,
			enquiry_blocks, enquiry_reports RESTART IDENTITY CASCADE; DROP TABLE IF EXISTS bench_enquiry_threads`},
		dropIndexesStep("enquiry_threads", "enquiry_messages"),
		// Round r of the threads gives every listing one more, from tenant (31 p + 1777 r) mod
		// tenants (the k-th tenant is user 10 (k / 9) + 1 + k mod 9); a pair met twice is skipped by
		// the open thread's unique index.
		step{fmt.Sprintf("%d threads", threads), fmt.Sprintf(`
			SET session_replication_role = replica;
			INSERT INTO enquiry_threads (property_id, owner_id, enquirer_id, status, closed_reason, closed_at, created_at,
				move_in_month, occupants)
			SELECT p.id, p.landlord_id, 10 * (k / 9) + 1 + k %% 9,
				CASE WHEN i %% 10 = 9 THEN 'closed' ELSE 'open' END,
				CASE WHEN i %% 10 = 9 THEN 'closed_by_enquirer' END,
				CASE WHEN i %% 10 = 9 THEN now() - interval '1 day' END,
				now() - interval '2 days' - random() * interval '180 days',
				CASE WHEN i %% 3 = 0 THEN date_trunc('month', now() + interval '2 months')::date END,
				CASE WHEN i %% 4 = 0 THEN 1 + i %% 4 END
			FROM generate_series(0, %[1]d - 1) i
			CROSS JOIN LATERAL (SELECT ((i %% %[2]d) * 31 + (i / %[2]d) * 1777) %% %[3]d AS k) t
			JOIN properties p ON p.id = 1 + i %% %[2]d
			ORDER BY 7
			ON CONFLICT (property_id, enquirer_id) WHERE status = 'open' DO NOTHING;
			RESET session_replication_role`, threads, properties, tenants)},
		// Thread n (in id order) has messages n, n + T, n + 2 T, … of the series: its m-th is
		// written by the member when m is even, by the owner when odd.
		step{fmt.Sprintf("%d messages", messages), fmt.Sprintf(`
			CREATE TABLE bench_enquiry_threads AS
			SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, owner_id, enquirer_id, created_at FROM enquiry_threads;
			SET session_replication_role = replica;
			INSERT INTO enquiry_messages (thread_id, author_id, body, created_at, read_at)
			SELECT t.id, CASE WHEN m.m %% 2 = 0 THEN t.enquirer_id ELSE t.owner_id END,
				CASE WHEN m.m = 0 THEN 'Hello, is the flat still available? We would like to move in next month.'
					ELSE 'Message ' || m.m || ' of a synthetic conversation of the benchmark data set.' END,
				t.created_at + m.m * interval '%[3]s',
				CASE WHEN t.n %% 5 = 0 AND m.m = m.last THEN NULL ELSE t.created_at + m.m * interval '%[3]s' + interval '1 hour' END
			FROM (SELECT count(*) AS total FROM bench_enquiry_threads) c
			CROSS JOIN generate_series(0, %[1]d - 1) j
			JOIN bench_enquiry_threads t ON t.n = j %% c.total
			CROSS JOIN LATERAL (SELECT j / c.total AS m,
				(%[1]d / c.total) - CASE WHEN t.n >= %[1]d %% c.total THEN 1 ELSE 0 END AS last) m
			ORDER BY 4;
			RESET session_replication_role`, messages, threads, enquiryReplyGap)},
		rebuildIndexesStep,
		step{"the threads' latest messages and unread counts", `
			UPDATE enquiry_threads t SET last_message_at = l.created_at, last_message = left(l.body, 140),
				enquirer_unread = CASE WHEN l.read_at IS NULL AND l.author_id = t.owner_id THEN 1 ELSE 0 END,
				owner_unread = CASE WHEN l.read_at IS NULL AND l.author_id = t.enquirer_id THEN 1 ELSE 0 END
			FROM (SELECT DISTINCT ON (thread_id) thread_id, created_at, body, read_at, author_id
				FROM enquiry_messages ORDER BY thread_id, id DESC) l
			WHERE l.thread_id = t.id;
			DROP TABLE bench_enquiry_threads`},
		step{"vacuum analyze", `VACUUM ANALYZE`},
		step{"checkpoint", `CHECKPOINT`},
		last)
}

// benchEnquiries prepares the enquiries benchmark: its data set, described, and the server's
// message limits lifted (the runs send from one address, as one network; the limiter's
// reservations are still made and measured).
func benchEnquiries(ctx context.Context, cluster string, o enquiryOptions) (*benchmark, error) {
	name := fmt.Sprintf("rentproof_enquiries_%d_%d_%d", o.properties, o.threads, o.messages)
	pool, dbURL, err := openDurable(ctx, cluster, name, enquirySteps(o.properties, o.threads, o.messages), "enquiries")
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*benchmark, error) { pool.Close(); return nil, err }
	d, err := describeEnquiries(ctx, pool)
	if err != nil {
		return fail(err)
	}
	fmt.Printf("data: %d listings, %d threads (%d open), %d messages; the busiest owner has %d threads, the busiest member %d\n",
		o.properties, d.threads, d.open, d.messages, d.ownerMax, d.enquirerMax)
	people, err := enquiryPeopleFor(ctx, pool, 1)
	if err != nil {
		return fail(err)
	}
	plans, err := enquiryListPlans(ctx, pool, people.owners[0], people.enquirers[0])
	if err != nil {
		return fail(err)
	}
	for _, p := range plans {
		verdict := "reads its index in order"
		if p.sorted {
			verdict = "SORTS all of the reader's threads instead of reading its index in order"
		}
		fmt.Printf("plan of %s, for the longest list: %s\n%s\n\n", p.name, verdict, p.plan)
	}
	sends := o.writeRate * int(o.duration.Seconds())
	if d.open < sends {
		return fail(fmt.Errorf("only %d open threads (a run sends in %d)", d.open, sends))
	}
	for _, limit := range []string{"LIMIT_MESSAGES_PER_HOUR", "LIMIT_MESSAGES_PER_HOUR_NEW", "LIMIT_MESSAGES_PER_NETWORK"} {
		if err := os.Setenv(limit, "100000000"); err != nil {
			return fail(err)
		}
	}
	return &benchmark{
		key: fmt.Sprintf("enquiries_%d_%d_%d", o.properties, o.threads, o.messages),
		title: fmt.Sprintf("Enquiries, %s listings, %s threads and %s messages", thousands(o.properties), thousands(d.threads),
			thousands(d.messages)),
		load: fmt.Sprintf("open model, each list at %s/s and replies at %s/s for %s each after a 3 s warm-up, on the durable cluster",
			thousands(o.readRate), thousands(o.writeRate), o.duration),
		close: pool.Close,
		run: func(ctx context.Context, binary string) (result, error) {
			return enquiriesRun(ctx, pool, dbURL, binary, sends, o)
		},
	}, nil
}

// enquiryData describes the data set: its threads, open ones, messages, and the longest lists.
type enquiryData struct {
	threads, open, messages, ownerMax, enquirerMax int
}

func describeEnquiries(ctx context.Context, pool *pgxpool.Pool) (enquiryData, error) {
	var d enquiryData
	err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM enquiry_threads), (SELECT count(*) FROM enquiry_threads WHERE status = 'open'),
			(SELECT count(*) FROM enquiry_messages),
			(SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM enquiry_threads GROUP BY owner_id) o),
			(SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM enquiry_threads GROUP BY enquirer_id) e)`).
		Scan(&d.threads, &d.open, &d.messages, &d.ownerMax, &d.enquirerMax)
	if err != nil {
		return d, fmt.Errorf("describe the data set: %w", err)
	}
	return d, nil
}

// enquiryPeople are a run's readers (the owners and the members with the most threads: the
// longest lists) and its replies, each in an open thread of its own by the member who started it.
type enquiryPeople struct {
	owners, enquirers []int32
	replies           []enquiryReply
}

type enquiryReply struct{ Thread, Sender int32 }

// enquiryPeopleFor picks the readers and n replies spread over the open threads (a different
// slice of them every run: the threads whose latest message is oldest), and gives them sessions.
func enquiryPeopleFor(ctx context.Context, pool *pgxpool.Pool, n int) (enquiryPeople, error) {
	var p enquiryPeople
	busiest := func(column string) ([]int32, error) {
		rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT %[1]s FROM enquiry_threads GROUP BY %[1]s ORDER BY count(*) DESC, %[1]s LIMIT $1`, column),
			enquiryReaders)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[int32])
	}
	var err error
	if p.owners, err = busiest("owner_id"); err != nil {
		return p, fmt.Errorf("owners: %w", err)
	}
	if p.enquirers, err = busiest("enquirer_id"); err != nil {
		return p, fmt.Errorf("members: %w", err)
	}
	rows, err := pool.Query(ctx, `SELECT id::int, enquirer_id FROM enquiry_threads WHERE status = 'open'
		ORDER BY last_message_at, id LIMIT $1`, n)
	if err != nil {
		return p, fmt.Errorf("replies: %w", err)
	}
	if p.replies, err = pgx.CollectRows(rows, pgx.RowToStructByPos[enquiryReply]); err != nil {
		return p, fmt.Errorf("replies: %w", err)
	}
	if len(p.replies) < n {
		return p, fmt.Errorf("only %d open threads (%d needed)", len(p.replies), n)
	}
	ids := append(append([]int32{}, p.owners...), p.enquirers...)
	for _, r := range p.replies {
		ids = append(ids, r.Sender)
	}
	return p, liveSessions(ctx, pool, enquirySessionPrefix, ids)
}

// enquiriesRun is one run of the enquiries benchmark against binary: the two lists, then the
// replies, then a check that every reply answered 2xx is in its thread, as its latest message.
func enquiriesRun(ctx context.Context, pool *pgxpool.Pool, dbURL, binary string, sends int, o enquiryOptions) (result, error) {
	var res result
	p, err := enquiryPeopleFor(ctx, pool, sends)
	if err != nil {
		return res, err
	}
	var before int64
	if err := pool.QueryRow(ctx, `SELECT coalesce(max(id), 0) FROM enquiry_messages`).Scan(&before); err != nil {
		return res, err
	}

	if err := checkpoint(ctx, pool); err != nil {
		return res, err
	}
	startLoad := loadAverage()
	srv, err := startServer(ctx, binary, dbURL)
	if err != nil {
		return res, err
	}
	defer srv.stop()

	as := func(userID int32, method, path string, body []byte) vegeta.Target {
		return signedIn(srv.base, enquirySessionPrefix, userID, method, path, body)
	}
	lists := func(ids []int32, path string) []vegeta.Target {
		out := make([]vegeta.Target, len(ids))
		for i, id := range ids {
			out[i] = as(id, http.MethodGet, path, nil)
		}
		return out
	}
	owners := lists(p.owners, "/api/user/enquiries/received")
	members := lists(p.enquirers, "/api/user/enquiries")
	replies := make([]vegeta.Target, len(p.replies))
	for i, r := range p.replies {
		body, err := json.Marshal(map[string]string{"body": fmt.Sprintf("Could I come on Thursday at six? (reply %d of the bench)", i)})
		if err != nil {
			return res, err
		}
		replies[i] = as(r.Sender, http.MethodPost, fmt.Sprintf("/api/enquiries/%d/messages", r.Thread), body)
	}
	fmt.Printf("load: open model (vegeta), the first pages of %d owners' and %d members' lists (the longest) at %d/s each, "+
		"replies in distinct open threads at %d/s, %s each after a 3 s warm-up\n\n",
		len(owners), len(members), o.readRate, o.writeRate, o.duration)
	run(owners, o.readRate/2, 3*time.Second)
	run(members, o.readRate/2, 3*time.Second)

	scenarios := []scenario{
		{"an owner's enquiries, first page of 20", owners, o.readRate, 10 * time.Millisecond},
		{"a member's enquiries, first page of 20", members, o.readRate, 10 * time.Millisecond},
		{"reply in a thread (distinct open threads)", replies, o.writeRate, 50 * time.Millisecond},
	}
	metrics, errs, machine := measure(ctx, pool, srv, scenarios, o.duration)

	threads := make([]int32, len(p.replies))
	for i, r := range p.replies {
		threads[i] = r.Thread
	}
	var written, latest int
	if err := pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE t.last_message_at = m.created_at AND t.owner_unread > 0)
		FROM enquiry_messages m JOIN enquiry_threads t ON t.id = m.thread_id
		WHERE m.id > $1 AND m.thread_id = ANY($2) AND m.author_id = t.enquirer_id`, before, threads).Scan(&written, &latest); err != nil {
		return res, err
	}
	answered := int(metrics[2].Requests) - errs[2]
	fmt.Printf("\nreplies answered 2xx: %d; messages written in their threads: %d, each its thread's latest and unread by the owner: %d\n",
		answered, written, latest)
	if written != answered || latest != answered {
		return res, fmt.Errorf("%d replies answered, but %d messages written and %d threads showing them as their latest", answered, written, latest)
	}
	res.figures = scenarioFigures(scenarios, metrics, errs)
	res.machine = machineDuring(machine, startLoad)
	return res, nil
}

// listPlan is the plan of a list's statement for its longest list.
type listPlan struct {
	name, plan string
	// sorted is true when the page of threads is not read from the index in order: a Sort under
	// the Limit reads all of the reader's threads first. (The page's rows are sorted again once
	// joined: at most a page.)
	sorted bool
}

// sortedBeforeLimit tells whether a plan sorts below its first Limit node.
func sortedBeforeLimit(plan string) bool {
	_, below, found := strings.Cut(plan, "Limit")
	return !found || strings.Contains(below, "Sort")
}

var sqlcArg = regexp.MustCompile(`sqlc\.arg\((\w+)\)`)

// enquiryListPlans explains the statements of the owner's and the member's lists
// (sql/queries/enquiries.sql, read from the repository: the bench runs from its root) for the
// first page of the given readers, as custom plans and as the generic plan a prepared statement
// may switch to after its fifth run.
func enquiryListPlans(ctx context.Context, pool *pgxpool.Pool, owner, member int32) ([]listPlan, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	lists := []struct {
		query string
		args  map[string]any
	}{
		{"ListReceivedEnquiryThreads", map[string]any{"viewer_id": owner, "property_id": 0, "max_rows": 21, "row_offset": 0}},
		{"ListMyEnquiryThreads", map[string]any{"viewer_id": member, "max_rows": 21, "row_offset": 0}},
	}
	var out []listPlan
	for _, l := range lists {
		statement, err := namedQuery("sql/queries/enquiries.sql", l.query)
		if err != nil {
			return nil, err
		}
		var names []string
		statement = sqlcArg.ReplaceAllStringFunc(statement, func(m string) string {
			name := sqlcArg.FindStringSubmatch(m)[1]
			for i, n := range names {
				if n == name {
					return "$" + strconv.Itoa(i+1)
				}
			}
			names = append(names, name)
			return "$" + strconv.Itoa(len(names))
		})
		args := make([]string, len(names))
		for i, n := range names {
			args[i] = fmt.Sprint(l.args[n])
		}
		for _, mode := range []string{"custom", "generic"} {
			var lines []string
			err := func() error {
				if _, err := conn.Exec(ctx, "SET plan_cache_mode = force_"+mode+"_plan; PREPARE bench_list AS "+strings.TrimSuffix(strings.TrimSpace(statement), ";")); err != nil {
					return err
				}
				defer conn.Exec(ctx, "DEALLOCATE bench_list; RESET plan_cache_mode") //nolint:errcheck // the connection goes back to the pool either way
				rows, err := conn.Query(ctx, "EXPLAIN EXECUTE bench_list("+strings.Join(args, ", ")+")")
				if err != nil {
					return err
				}
				lines, err = pgx.CollectRows(rows, pgx.RowTo[string])
				return err
			}()
			if err != nil {
				return nil, fmt.Errorf("explain %s: %w", l.query, err)
			}
			plan := strings.Join(lines, "\n")
			out = append(out, listPlan{name: l.query + " (" + mode + " plan)", plan: plan, sorted: sortedBeforeLimit(plan)})
		}
	}
	return out, nil
}
