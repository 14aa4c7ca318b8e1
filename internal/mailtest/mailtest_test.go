package mailtest_test

import (
	"net/smtp"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/rentproof/rentproof/internal/mailtest"
)

// A message sent to the test Mailpit reads back whole: subject, both parts, headers and links,
// and only under its own address.
func TestReadsWhatWasSent(t *testing.T) {
	t.Parallel()
	mp := mailtest.Start(t)
	u, err := url.Parse(mp.SMTPURL)
	if err != nil {
		t.Fatal(err)
	}
	to, other := mailtest.Address("reader"), mailtest.Address("reader")
	body := "From: a@example.test\r\nTo: " + to + "\r\nSubject: Hello there\r\nList-Unsubscribe: <https://x.test/u?t=1>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\n\r\nOpen https://x.test/a.\r\n" +
		"--b\r\nContent-Type: text/html\r\n\r\n<a href=\"https://x.test/b?x=1&amp;y=2\">b</a>\r\n--b--\r\n"
	if err := smtp.SendMail(u.Host, nil, "a@example.test", []string{to}, []byte(body)); err != nil {
		t.Fatal(err)
	}
	m := mp.Latest(t, to)
	if m.Subject != "Hello there" || !strings.Contains(m.Text, "Open") || !strings.Contains(m.HTML, "href") {
		t.Errorf("read %q / %q / %q", m.Subject, m.Text, m.HTML)
	}
	if m.Header("List-Unsubscribe") != "<https://x.test/u?t=1>" {
		t.Errorf("List-Unsubscribe %q", m.Header("List-Unsubscribe"))
	}
	if want := []string{"https://x.test/b?x=1&y=2", "https://x.test/a"}; !slices.Equal(m.Links, want) {
		t.Errorf("links %q, want %q", m.Links, want)
	}
	if n, err := mp.Count(t.Context(), other); err != nil || n != 0 {
		t.Errorf("another address has %d messages (%v)", n, err)
	}
}
