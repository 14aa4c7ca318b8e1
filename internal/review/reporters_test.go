package review_test

// Issue 25, item 4: the reports that hide a review before a moderator decides must come from
// three independent reporters: established accounts on three networks and browsers, linked
// neither to the review's author, nor to the property's owner, nor to one another. Reports are
// sent through one trusted proxy, each from the network and browser the case gives it.

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// client is where a request comes from: a network and a browser's device cookie.
type client struct{ ip, device string }

func (w *world) reportFrom(token string, reviewID int32, c client) error {
	req := testworld.As(token, &reviewv1.ReportReviewRequest{ReviewId: reviewID, Reason: "false_information"})
	_, err := w.client.ReportReview(context.Background(), testworld.From(req, c.ip, c.device))
	return err
}

func (w *world) status(t *testing.T, reviewID int32) string {
	t.Helper()
	var status string
	if err := w.Pool.QueryRow(context.Background(), `SELECT status FROM reviews WHERE id = $1`, reviewID).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status
}

// The attack as it was run: three established accounts on one network (each in its own browser)
// report the same 20 reviews at once, at the default limits. The network's limit stops them at
// exactly 50 reports, every accepted report reaches the moderators, and no review is hidden.
func TestReportersOnOneNetworkHideNothing(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, testserver.Options{Limits: server.Limits{Reviews: review.DefaultLimits}})
	ctx := context.Background()
	ids := make([]int32, 20)
	for i := range ids {
		ids[i] = w.create(t, w.Member(t, fmt.Sprintf("writer%d", i), "tenant"), draft("tenant_to_property")).Id
	}
	reporters := []string{w.established(t, "demo1"), w.established(t, "demo2"), w.established(t, "demo3")}
	var wg sync.WaitGroup
	errs := make(chan error, len(reporters)*len(ids))
	for n, token := range reporters {
		for _, id := range ids {
			wg.Go(func() { errs <- w.reportFrom(token, id, client{"203.0.113.50", fmt.Sprintf("laptop-%d", n)}) })
		}
	}
	wg.Wait()
	close(errs)
	accepted, limited := 0, 0
	for err := range errs {
		switch {
		case err == nil:
			accepted++
		case connect.CodeOf(err) == connect.CodeResourceExhausted:
			limited++
		default:
			t.Errorf("report: %v", err)
		}
	}
	if accepted != review.DefaultLimits.ReportsPerNetwork || limited != 60-review.DefaultLimits.ReportsPerNetwork {
		t.Errorf("%d reports accepted and %d limited; want exactly %d accepted from one network", accepted, limited, review.DefaultLimits.ReportsPerNetwork)
	}
	// Which ten of the sixty were refused is the race's: a review can have all three of its
	// reports refused (about one run in fifteen), so the queue holds the reviews reported at all.
	var hidden, reports, reportedReviews int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status <> 'published'), coalesce(sum(report_count), 0),
			count(*) FILTER (WHERE report_count > 0) FROM reviews WHERE property_id = 1`).
		Scan(&hidden, &reports, &reportedReviews); err != nil {
		t.Fatal(err)
	}
	if hidden != 0 || reports != accepted {
		t.Errorf("%d reviews hidden, %d reports counted; want none hidden and all %d reports kept", hidden, reports, accepted)
	}
	if s := w.summary(t).Summary; s.Count != 20 {
		t.Errorf("the stars lost reviews: %+v", s)
	}
	reported, err := w.client.ListReportedReviews(ctx, testworld.As(w.Person(t, "root", "admin"), &reviewv1.ListReportedReviewsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	inQueue := 0
	for _, r := range reported.Msg.Reviews {
		inQueue += int(r.ReportCount)
	}
	if len(reported.Msg.Reviews) != reportedReviews || reportedReviews < 17 || inQueue != accepted {
		t.Errorf("the moderators see %d reviews with %d reports; want the %d reported with %d", len(reported.Msg.Reviews), inQueue, reportedReviews, accepted)
	}
}

// Who counts among the three: each case has its own author write a review of a listing of its
// own, which three or four reporters report in order, and says whether it ends up hidden.
func TestOnlyIndependentReportersHide(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	type reporter struct {
		client
		// arrange is SQL run before the report, with {reporter}, {author} and {owner} standing
		// for those accounts' ids and {property} for the reviewed property's.
		arrange string
		fresh   bool // a new account, not established
	}
	independent := func(n int) reporter {
		return reporter{client: client{fmt.Sprintf("192.0.2.%d", n), fmt.Sprintf("phone-%d", n)}}
	}
	ownersLaptop := fmt.Sprintf(`'\x%x'`, account.HashToken("owners-laptop"))
	for i, c := range []struct {
		name      string
		reporters []reporter
		hidden    bool
	}{
		{name: "three independent established reporters", hidden: true,
			reporters: []reporter{independent(1), independent(2), independent(3)}},
		{name: "one network, three browsers",
			reporters: []reporter{{client: client{"203.0.113.9", "a"}}, {client: client{"203.0.113.9", "b"}}, {client: client{"203.0.113.9", "c"}}}},
		{name: "one IPv6 /64, three browsers",
			reporters: []reporter{{client: client{"2001:db8:5:6::1", "a"}}, {client: client{"2001:db8:5:6::2", "b"}}, {client: client{"2001:db8:5:6::3", "c"}}}},
		{name: "one browser on three networks",
			reporters: []reporter{{client: client{"192.0.2.11", "shared"}}, {client: client{"192.0.2.12", "shared"}}, {client: client{"192.0.2.13", "shared"}}}},
		{name: "without a browser cookie no browser is told apart",
			reporters: []reporter{{client: client{"192.0.2.21", ""}}, {client: client{"192.0.2.22", ""}}, {client: client{"192.0.2.23", ""}}}},
		{name: "the server's own machine is no network",
			reporters: []reporter{{client: client{"127.0.0.1", "a"}}, {client: client{"127.0.0.1", "b"}}, {client: client{"::1", "c"}}}},
		{name: "a new account does not count",
			reporters: []reporter{independent(31), independent(32), {client: independent(33).client, fresh: true}}},
		{name: "a reporter who signed in from the author's network does not count",
			reporters: []reporter{independent(41), independent(42), {client: independent(43).client,
				arrange: `INSERT INTO sign_ins (user_id, network) VALUES ({reporter}, '198.51.100.77'), ({author}, '198.51.100.77')`}}},
		{name: "a reporter who reports from the author's network does not count",
			reporters: []reporter{independent(44), independent(45), {client: client{"198.51.100.78", "phone-46"},
				arrange: `INSERT INTO sign_ins (user_id, network, created_at) VALUES ({author}, '198.51.100.78', now() - interval '80 days')`}}},
		{name: "a reporter in the owner's browser does not count",
			reporters: []reporter{independent(51), independent(52), {client: client{"192.0.2.53", "owners-laptop"},
				arrange: `INSERT INTO known_devices (token_hash, user_id) VALUES (` + ownersLaptop + `, {owner}) ON CONFLICT DO NOTHING`}}},
		{name: "the owner's own report does not count",
			reporters: []reporter{independent(61), independent(62), {client: independent(63).client,
				arrange: `UPDATE properties SET landlord_id = {reporter} WHERE id = {property}`}}},
		{name: "two reporters who signed in from one network count as one",
			reporters: []reporter{independent(71), independent(72), {client: independent(73).client,
				arrange: `INSERT INTO sign_ins (user_id, network) VALUES ({reporter}, '192.0.2.71')`}}},
		{name: "the author's network over 90 days ago no longer links", hidden: true,
			reporters: []reporter{independent(81), independent(82), {client: independent(83).client,
				arrange: `INSERT INTO sign_ins (user_id, network, created_at) VALUES ({reporter}, '198.51.100.99', now() - interval '91 days'), ({author}, '198.51.100.99', now())`}}},
		{name: "a fourth independent reporter completes three", hidden: true,
			reporters: []reporter{independent(91), {client: client{"192.0.2.91", "other"}}, independent(92), independent(93)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			authorName := fmt.Sprintf("author%d", i)
			d := draft("general")
			d.PropertyId = w.Property(t, "owner", fmt.Sprintf("Flat %d", i))
			target := w.create(t, w.Member(t, authorName, "tenant"), d)
			for n, r := range c.reporters {
				username := fmt.Sprintf("case%d_reporter%d", i, n)
				token := w.established(t, username)
				if r.fresh {
					w.Exec(t, `UPDATE users SET created_at = now() WHERE username = $1`, username)
				}
				if r.arrange != "" {
					w.Exec(t, strings.NewReplacer(
						"{reporter}", fmt.Sprint(w.UserID(t, username)),
						"{author}", fmt.Sprint(w.UserID(t, authorName)),
						"{owner}", fmt.Sprint(w.UserID(t, "owner")),
						"{property}", fmt.Sprint(d.PropertyId),
					).Replace(r.arrange))
				}
				if err := w.reportFrom(token, target.Id, r.client); err != nil {
					t.Fatalf("report %d: %v", n+1, err)
				}
			}
			if got := w.status(t, target.Id); (got == "hidden") != c.hidden {
				t.Errorf("status %s; want hidden: %v", got, c.hidden)
			}
		})
	}
}

// Reports sent at once: a crowd of established accounts on one network and new accounts on
// networks of their own report one review together and do not hide it (the crowd counts as one
// reporter); then two more independent reporters, each sending twice at once, hide it. Every
// accepted report is kept, and each account's second report is refused (as a repeat, or because
// the review is hidden by then).
func TestParallelReportsHideOnceThreeIndependentReport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	target := w.create(t, w.Member(t, "author", "tenant"), draft("tenant_to_property"))
	burst := func(sends map[string][]client) (accepted, refused int) {
		t.Helper()
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for token, clients := range sends {
			for _, c := range clients {
				wg.Go(func() { errs <- w.reportFrom(token, target.Id, c) })
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			switch code := connect.CodeOf(err); {
			case err == nil:
				accepted++
			case code == connect.CodeAlreadyExists || code == connect.CodeNotFound:
				refused++
			default:
				t.Errorf("report: %v", err)
			}
		}
		return accepted, refused
	}
	crowd := map[string][]client{}
	for n := range 12 {
		crowd[w.established(t, fmt.Sprintf("crowd%d", n))] = []client{{"203.0.113.77", fmt.Sprintf("crowd-%d", n)}}
		crowd[w.Person(t, fmt.Sprintf("fresh%d", n), "tenant")] = []client{{fmt.Sprintf("198.51.100.%d", n), fmt.Sprintf("fresh-%d", n)}}
	}
	if accepted, _ := burst(crowd); accepted != 24 || w.status(t, target.Id) != "published" {
		t.Fatalf("%d of 24 reports accepted, review %s; want all accepted and the review published", accepted, w.status(t, target.Id))
	}
	pair := map[string][]client{}
	for n := range 2 {
		c := client{fmt.Sprintf("192.0.2.%d", 10+n), fmt.Sprintf("own-%d", n)}
		pair[w.established(t, fmt.Sprintf("independent%d", n))] = []client{c, c}
	}
	if accepted, refused := burst(pair); accepted != 2 || refused != 2 {
		t.Errorf("%d accepted, %d refused; want one report of each independent reporter", accepted, refused)
	}
	var reports, stored int
	if err := w.Pool.QueryRow(context.Background(), `SELECT r.report_count, (SELECT count(*) FROM review_reports WHERE review_id = r.id)
		FROM reviews r WHERE r.id = $1`, target.Id).Scan(&reports, &stored); err != nil {
		t.Fatal(err)
	}
	if reports != 26 || stored != 26 {
		t.Errorf("%d reports counted, %d stored; want 26", reports, stored)
	}
	if got := w.status(t, target.Id); got != "hidden" {
		t.Errorf("status %s; want hidden", got)
	}
}
