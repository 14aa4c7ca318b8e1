package enquiry_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A member reads a long conversation a page at a time: its latest messages, then pages before
// them back to the first (the safety notice), or every message from one on (the page a reader who paged back keeps
// up to date) — over Connect, gRPC and REST. Before and since together, or a negative id, are
// refused.
func TestLongThreadIsReadAPageAtATime(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	ctx := context.Background()
	tina, lou := w.Member(t, "tina", "tenant"), w.Member(t, "lou", "landlord")
	flat := w.Property(t, "lou", "Quiet flat")
	th := w.start(t, tina, &enquiryv1.StartEnquiryRequest{PropertyId: flat, Message: "Message 0"})
	w.Exec(t, `INSERT INTO enquiry_messages (thread_id, author_id, body)
		SELECT $1, t.enquirer_id, 'Message ' || i FROM enquiry_threads t, generate_series(1, 250) i WHERE t.id = $1`, th.Id)
	get := func(token string, req *enquiryv1.GetThreadRequest) *enquiryv1.GetThreadResponse {
		t.Helper()
		req.ThreadId = th.Id
		res, err := w.client.GetThread(ctx, testworld.As(token, req))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	span := func(res *enquiryv1.GetThreadResponse) string {
		m := res.Messages
		return fmt.Sprintf("%d from %.12q to %.12q, earlier %v", len(m), m[0].Body, m[len(m)-1].Body, res.HasEarlier)
	}

	latest := get(lou, &enquiryv1.GetThreadRequest{})
	if got, want := span(latest), fmt.Sprintf("%d from \"Message 151\" to \"Message 250\", earlier true", enquiry.MessagesPerPage); got != want {
		t.Errorf("the latest page: %s, want %s", got, want)
	}
	var pages []string
	for before := latest.Messages[0].Id; ; {
		page := get(lou, &enquiryv1.GetThreadRequest{BeforeMessageId: before})
		pages = append(pages, span(page))
		if !page.HasEarlier {
			break
		}
		before = page.Messages[0].Id
	}
	if got := strings.Join(pages, "; "); got != `100 from "Message 51" to "Message 150", earlier true; 52 from "RentProof ne" to "Message 50", earlier false` {
		t.Errorf("the earlier pages: %s", got)
	}
	// From message 120 on: all 131, and the thread holds earlier ones.
	since := get(tina, &enquiryv1.GetThreadRequest{SinceMessageId: latest.Messages[0].Id - 31})
	if got := span(since); got != `131 from "Message 120" to "Message 250", earlier true` {
		t.Errorf("from message 120 on: %s", got)
	}
	if first := get(tina, &enquiryv1.GetThreadRequest{SinceMessageId: 1}); first.HasEarlier || len(first.Messages) != 252 {
		t.Errorf("from the first message on: %d messages, earlier %v", len(first.Messages), first.HasEarlier)
	}
	if past := get(tina, &enquiryv1.GetThreadRequest{SinceMessageId: latest.Messages[99].Id + 1}); len(past.Messages) != 0 || !past.HasEarlier {
		t.Errorf("from after the last message on: %d messages, earlier %v", len(past.Messages), past.HasEarlier)
	}
	if _, err := w.grpc.GetThread(ctx, testworld.As(lou, &enquiryv1.GetThreadRequest{ThreadId: th.Id, BeforeMessageId: 2})); err != nil {
		t.Errorf("gRPC, before message 2: %v", err)
	}

	for name, req := range map[string]*enquiryv1.GetThreadRequest{
		"both":     {ThreadId: th.Id, BeforeMessageId: 200, SinceMessageId: 100},
		"negative": {ThreadId: th.Id, BeforeMessageId: -1},
	} {
		_, err := w.client.GetThread(ctx, testworld.As(tina, req))
		if got := testworld.Failure(err); got != "invalid_argument: Ask for the messages before one message or from one on, not both" {
			t.Errorf("%s: %s", name, got)
		}
	}

	status, _, body := testworld.Send(t, http.MethodGet, fmt.Sprintf("%s/api/enquiries/%d?before=%d", w.URL, th.Id, latest.Messages[0].Id), lou, "", nil)
	var rest struct {
		Messages   []struct{ Body string }
		HasEarlier bool
	}
	if err := json.Unmarshal([]byte(body), &rest); status != http.StatusOK || err != nil || len(rest.Messages) != enquiry.MessagesPerPage ||
		rest.Messages[0].Body != "Message 51" || !rest.HasEarlier {
		t.Errorf("REST, the page before: %d %.200s", status, body)
	}
	if status, _, body := testworld.Send(t, http.MethodGet, fmt.Sprintf("%s/api/enquiries/%d?since=x", w.URL, th.Id), lou, "", nil); status != http.StatusBadRequest {
		t.Errorf("REST, since=x: %d %s", status, body)
	}
}
