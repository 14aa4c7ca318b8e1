// Package mailtest reads the mail the server sent, through the API of the test Mailpit
// (scripts/mailpit.sh): tests wait for the latest message to an address and look at its
// subject, parts, headers and links, or count what one address received.
package mailtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Wait is how long Latest and WaitFor wait for mail to arrive.
const Wait = 15 * time.Second

// Mailpit is a running Mailpit: where the server sends (SMTPURL, its SMTP_URL) and where the
// tests read (APIURL, the web inbox and its API).
type Mailpit struct {
	SMTPURL string
	APIURL  string
}

// Message is one email as Mailpit keeps it.
type Message struct {
	ID        string   // Mailpit's ID
	MessageID string   // the Message-ID header, without angle brackets
	From      string   // the sender's address
	To        []string // the To addresses
	Subject   string
	Text      string              // the plain-text part
	HTML      string              // the HTML part
	Headers   map[string][]string // every header, by its canonical name
	Links     []string            // the http(s) links in the HTML part's hrefs and the text, in order, once each
}

var (
	once   sync.Once
	shared *Mailpit
	err    error
)

// Start returns the test Mailpit: MAILPIT_SMTP_URL and MAILPIT_API_URL when set (make test-go and
// scripts/e2e.sh set them), else the one scripts/mailpit.sh starts or reuses. It fails the test
// with what went wrong when there is none; a test needing mail never skips.
func Start(t testing.TB) *Mailpit {
	t.Helper()
	once.Do(func() { shared, err = start() })
	if err != nil {
		t.Fatalf("mailpit: %v", err)
	}
	return shared
}

func start() (*Mailpit, error) {
	smtp, api := os.Getenv("MAILPIT_SMTP_URL"), os.Getenv("MAILPIT_API_URL")
	if smtp != "" && api != "" {
		return &Mailpit{SMTPURL: smtp, APIURL: strings.TrimRight(api, "/")}, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "mailpit.sh")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, errors.New("no MAILPIT_SMTP_URL and MAILPIT_API_URL set, and scripts/mailpit.sh not found above the test's folder")
		}
		dir = parent
	}
	out, err := exec.CommandContext(context.Background(), "bash", filepath.Join(dir, "scripts", "mailpit.sh")).Output() //nolint:gosec // G204: the project's own script
	if err != nil {
		msg := err.Error()
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return nil, fmt.Errorf("no MAILPIT_SMTP_URL and MAILPIT_API_URL set, and scripts/mailpit.sh could not start Mailpit: %s", msg)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 2 {
		return nil, fmt.Errorf("scripts/mailpit.sh printed %q, not an SMTP URL and an API URL", out)
	}
	return &Mailpit{SMTPURL: lines[0], APIURL: strings.TrimRight(lines[1], "/")}, nil
}

// Address returns a fresh address no other test uses, so tests sharing one Mailpit never read
// each other's mail. prefix names the test's recipient ("verifier"); "bounce…" addresses are
// refused with 550 by the test Mailpit.
func Address(prefix string) string {
	return fmt.Sprintf("%s-%d-%d@example.test", prefix, time.Now().UnixNano(), counter.Add(1))
}

var counter atomic.Int64

type summary struct {
	ID        string
	MessageID string
	To        []struct{ Address string }
}

// Messages returns the messages to the address to (exactly it, not addresses containing it),
// newest first, without their parts (ID, MessageID and To only).
func (m *Mailpit) Messages(ctx context.Context, to string) ([]Message, error) {
	var out []Message
	for start := 0; ; {
		var page struct {
			MessagesCount int `json:"messages_count"`
			Messages      []summary
		}
		q := url.Values{"query": {"to:" + strconv.Quote(to)}, "start": {strconv.Itoa(start)}, "limit": {"500"}}
		if err := m.get(ctx, "/api/v1/search?"+q.Encode(), &page); err != nil {
			return nil, err
		}
		for _, s := range page.Messages {
			msg := Message{ID: s.ID, MessageID: s.MessageID}
			hit := false
			for _, a := range s.To {
				msg.To = append(msg.To, a.Address)
				hit = hit || strings.EqualFold(a.Address, to)
			}
			if hit {
				out = append(out, msg)
			}
		}
		start += len(page.Messages)
		if len(page.Messages) == 0 || start >= page.MessagesCount {
			return out, nil
		}
	}
}

// Count is how many messages went to the address to.
func (m *Mailpit) Count(ctx context.Context, to string) (int, error) {
	msgs, err := m.Messages(ctx, to)
	return len(msgs), err
}

// WaitFor waits up to Wait until at least n messages went to the address to, and returns them
// whole, newest first.
func (m *Mailpit) WaitFor(t testing.TB, to string, n int) []Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), Wait)
	defer cancel()
	for {
		msgs, err := m.Messages(ctx, to)
		if err == nil && len(msgs) >= n {
			for i := range msgs {
				if msgs[i], err = m.Message(ctx, msgs[i].ID); err != nil {
					t.Fatalf("mailpit: read a message to %s: %v", to, err)
				}
			}
			return msgs
		}
		select {
		case <-ctx.Done():
			t.Fatalf("mailpit: %d message(s) to %s within %s, want %d (last error: %v)", len(msgs), to, Wait, n, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Latest waits up to Wait for a message to the address to and returns the newest one.
func (m *Mailpit) Latest(t testing.TB, to string) Message {
	t.Helper()
	return m.WaitFor(t, to, 1)[0]
}

// Message reads one message whole: parts, headers and links.
func (m *Mailpit) Message(ctx context.Context, id string) (Message, error) {
	var full struct {
		ID        string
		MessageID string
		From      struct{ Address string }
		To        []struct{ Address string }
		Subject   string
		Text      string
		HTML      string
	}
	if err := m.get(ctx, "/api/v1/message/"+url.PathEscape(id), &full); err != nil {
		return Message{}, err
	}
	msg := Message{ID: full.ID, MessageID: full.MessageID, From: full.From.Address, Subject: full.Subject, Text: full.Text, HTML: full.HTML}
	for _, a := range full.To {
		msg.To = append(msg.To, a.Address)
	}
	var headers map[string][]string
	if err := m.get(ctx, "/api/v1/message/"+url.PathEscape(id)+"/headers", &headers); err != nil {
		return Message{}, err
	}
	msg.Headers = make(map[string][]string, len(headers))
	for k, v := range headers {
		msg.Headers[http.CanonicalHeaderKey(k)] = v
	}
	msg.Links = Links(msg.HTML, msg.Text)
	return msg, nil
}

// Header is the first value of the header name, "" when the message has none.
func (m Message) Header(name string) string {
	if v := m.Headers[http.CanonicalHeaderKey(name)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

var (
	hrefRe = regexp.MustCompile(`(?i)href\s*=\s*"([^"]+)"`)
	urlRe  = regexp.MustCompile(`https?://[^\s<>"')\]]+`)
)

// Links returns the http(s) links of an HTML part's hrefs and a text part, in order, once each.
func Links(htmlPart, text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(u string) {
		if (strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")) && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, m := range hrefRe.FindAllStringSubmatch(htmlPart, -1) {
		add(html.UnescapeString(m[1]))
	}
	for _, u := range urlRe.FindAllString(text, -1) {
		add(strings.TrimRight(u, ".,;:"))
	}
	return out
}

func (m *Mailpit) get(ctx context.Context, path string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, m.APIURL+path, http.NoBody)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("mailpit: GET %s: %s", path, res.Status)
	}
	return json.NewDecoder(res.Body).Decode(into)
}
