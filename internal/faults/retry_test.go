package faults_test

import (
	"errors"
	"io"
	"net/http"
	"testing"
	"time"
)

// lostAnswers delivers every request and lets the server finish it, then loses the answer, as a
// connection that breaks on the way back does: the client cannot tell whether its write was made.
type lostAnswers struct{}

func (lostAnswers) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	_, _ = io.Copy(io.Discard, res.Body) // the whole answer: the server is done
	res.Body.Close()
	return nil, errors.New("connection reset on the way back")
}

// TestRetryAfterLostAnswer: every write rpc made, its answer lost, and the client retrying counts
// once: a review post (one review per type per property), a vote (one per review and user) and an
// approval with its reward (a request is answered once). The retry is told it was made before.
func TestRetryAfterLostAnswer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := arrange(t, w, 2)
	w.sendThrough(&http.Client{Transport: lostAnswers{}})
	for range l.writes {
		l.writeOnce()
	}
	w.sendThrough(http.DefaultClient)
	l.settle(t)
	for _, wr := range l.writes {
		if wr.failed != 1 || wr.acked || !wr.already {
			t.Errorf("%s: %d attempts failed, acknowledged %v, found made by the lost one %v", wr.name, wr.failed, wr.acked, wr.already)
		}
	}
	l.check(t)
}

// TestRetryAfterTimeout: every write rpc timing out on a slow database (the client's deadline
// ends first) and retried once the database is quick again counts once, whether the attempt that
// timed out was rolled back (the retry makes it) or had committed (the retry is told so).
func TestRetryAfterTimeout(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := arrange(t, w, 2)
	l.writeDeadline = 150 * time.Millisecond
	w.proxy.SetLatency(100 * time.Millisecond) // each way: a transaction's round trips outlast the deadline
	for range l.writes {
		l.writeOnce()
	}
	w.proxy.SetLatency(0)
	time.Sleep(300 * time.Millisecond) // the timed-out attempts end on the server
	l.writeDeadline = 0
	l.settle(t)
	var rolledBack, committed int
	for _, wr := range l.writes {
		switch {
		case wr.failed != 1:
			t.Errorf("%s: %d attempts failed, want the first only", wr.name, wr.failed)
		case wr.acked:
			rolledBack++
		case wr.already:
			committed++
		}
	}
	t.Logf("writes timed out: %d rolled back and made by the retry, %d committed and found by it", rolledBack, committed)
	l.check(t)
}
