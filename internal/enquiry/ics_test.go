package enquiry_test

import (
	"strings"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/enquiry"
)

// The calendar file parses back to what was written: times in UTC, TEXT escaped (commas,
// semicolons, backslashes, line breaks), long lines folded at 75 octets without splitting a
// character, CRLF everywhere.
func TestCalendarFileParsesBack(t *testing.T) {
	t.Parallel()
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 12, 3, 18, 30, 0, 0, london)
	title := "Sunny loft; near the park, with a view \\ and " + strings.Repeat("été ", 30)
	e := enquiry.Event{
		UID: "viewing-42@rentproof", Start: start, End: start.Add(enquiry.ViewingLength), Stamp: start.Add(-48 * time.Hour),
		Summary: "Viewing: " + title, Location: title + ", Leeds", Description: "Line one\nLine two",
	}
	ics := string(e.Bytes())
	if !strings.HasPrefix(ics, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") || !strings.HasSuffix(ics, "END:VEVENT\r\nEND:VCALENDAR\r\n") {
		t.Errorf("not one calendar with one event:\n%s", ics)
	}
	got := parseICS(t, ics)
	for name, want := range map[string]string{
		"UID": "viewing-42@rentproof", "DTSTART": "20261203T183000Z", "DTEND": "20261203T190000Z", "DTSTAMP": "20261201T183000Z",
		"SUMMARY": "Viewing: " + title, "LOCATION": title + ", Leeds", "DESCRIPTION": "Line one\nLine two",
	} {
		if got[name] != want {
			t.Errorf("%s: %q, want %q", name, got[name], want)
		}
	}
	if !strings.Contains(ics, "\r\n ") {
		t.Errorf("the long summary was not folded:\n%s", ics)
	}
}
