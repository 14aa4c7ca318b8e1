package enquiry

import (
	"strings"
	"time"
	"unicode/utf8"
)

// An accepted viewing's calendar file: one RFC 5545 VEVENT, written here because no iCalendar
// module installs on these machines and one event needs little.

// CalendarType is the calendar file's media type.
const CalendarType = "text/calendar; charset=utf-8; method=PUBLISH"

// ViewingLength is how long a viewing's calendar event lasts.
const ViewingLength = 30 * time.Minute

// Event is one calendar event.
type Event struct {
	UID                            string // globally unique and stable: the same viewing is the same event
	Start, End, Stamp              time.Time
	Summary, Location, Description string
}

// Bytes is the event as an iCalendar object: CRLF line ends, times in UTC, TEXT values escaped,
// and lines folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character.
func (e Event) Bytes() []byte {
	var b strings.Builder
	for _, line := range []string{
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:-//RentProof//Viewings//EN",
		"CALSCALE:GREGORIAN",
		"METHOD:PUBLISH",
		"BEGIN:VEVENT",
		"UID:" + escapeText(e.UID),
		"DTSTAMP:" + utc(e.Stamp),
		"DTSTART:" + utc(e.Start),
		"DTEND:" + utc(e.End),
		"SUMMARY:" + escapeText(e.Summary),
		"LOCATION:" + escapeText(e.Location),
		"DESCRIPTION:" + escapeText(e.Description),
		"END:VEVENT",
		"END:VCALENDAR",
	} {
		fold(&b, line)
	}
	return []byte(b.String())
}

// utc is a DATE-TIME in UTC form ("20261203T183000Z").
func utc(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// escapeText escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks;
// other control characters are dropped (the format has no escape for them).
func escapeText(s string) string {
	var b strings.Builder
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, r := range s {
		switch {
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n' || r == '\r':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fold writes line with CRLF, split into lines of at most 75 octets, each continuation starting
// with one space (which counts in its 75).
func fold(b *strings.Builder, line string) {
	limit := 75
	for len(line) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		b.WriteString(line[:cut])
		b.WriteString("\r\n ")
		line = line[cut:]
		limit = 74 // the leading space takes one octet
	}
	b.WriteString(line)
	b.WriteString("\r\n")
}
