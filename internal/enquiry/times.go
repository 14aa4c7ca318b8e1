package enquiry

import (
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Viewing times: one to MaxTimes, each in the future and at most Horizon ahead.
const (
	MaxTimes    = 3
	Horizon     = 60 * 24 * time.Hour
	localLayout = "2006-01-02T15:04"
	// MaxOccupants bounds the occupants an enquiry names.
	MaxOccupants = 20
	// MoveInMonthsAhead is how far ahead a move-in month may be.
	MoveInMonthsAhead = 24
	// maxEchoed is the longest viewing time a refusal repeats back (a time is 16 bytes).
	maxEchoed = 40
)

// proposed is one checked viewing time.
type proposed struct {
	at    time.Time
	local string
}

// parseTimes checks one to MaxTimes local times ("2026-12-03T18:30") in zone: each a time that
// happens exactly once there (not skipped or repeated by a clock change), after now and within
// Horizon, none twice. Violations go on v under field; the times come back earliest first.
func parseTimes(v *apperr.Validator, field string, raw []string, zone string, now time.Time) []proposed {
	if len(raw) == 0 || len(raw) > MaxTimes {
		v.Check(false, field, fmt.Sprintf("Please propose one to %d viewing times", MaxTimes))
		return nil
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC // a zone the database holds is one Go knew when it was set
	}
	var out []proposed
	for _, s := range raw {
		at, msg := parseLocal(s, loc, zone)
		switch {
		case msg != "":
			v.Check(false, field, msg)
			continue
		case !at.After(now):
			v.Check(false, field, fmt.Sprintf("Viewing time %s has passed: please choose a time in the future", s))
			continue
		case at.After(now.Add(Horizon)):
			v.Check(false, field, fmt.Sprintf("Viewing time %s is more than 60 days ahead: please choose a time within the next 60 days", s))
			continue
		}
		if slices.ContainsFunc(out, func(p proposed) bool { return p.at.Equal(at) }) {
			v.Check(false, field, fmt.Sprintf("Viewing time %s is proposed twice", s))
			continue
		}
		out = append(out, proposed{at: at, local: s})
	}
	slices.SortFunc(out, func(a, b proposed) int { return a.at.Compare(b.at) })
	return out
}

// parseLocal reads s as a wall-clock time in loc. It refuses a time the clocks skip (spring
// forward) or show twice (fall back): which moment was meant cannot be known.
func parseLocal(s string, loc *time.Location, zone string) (time.Time, string) {
	at, err := time.ParseInLocation(localLayout, s, loc)
	switch {
	case err != nil && len(s) > maxEchoed:
		// Too long to be one, and to repeat back: three of them filled the refusal with
		// nearly three times the request.
		return time.Time{}, "A viewing time is not a date and time such as 2026-12-03T18:30"
	case err != nil:
		return time.Time{}, fmt.Sprintf("Viewing time %q is not a date and time such as 2026-12-03T18:30", s)
	}
	if at.In(loc).Format(localLayout) != s {
		return time.Time{}, fmt.Sprintf("Viewing time %s does not exist in %s (the clocks go forward then): please choose another time", s, zone)
	}
	for _, shift := range []time.Duration{30 * time.Minute, time.Hour, 2 * time.Hour} {
		if at.Add(shift).In(loc).Format(localLayout) == s || at.Add(-shift).In(loc).Format(localLayout) == s {
			return time.Time{}, fmt.Sprintf("Viewing time %s happens twice in %s (the clocks go back then): please choose another time", s, zone)
		}
	}
	return at, ""
}

// Local is at as the wall-clock time of zone ("2026-12-03T18:30").
func Local(at time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return at.In(loc).Format(localLayout)
}

// parseMonth checks a move-in month ("2027-03"): "" or from the current month (UTC) to
// MoveInMonthsAhead months ahead.
func parseMonth(v *apperr.Validator, s string, now time.Time) pgtype.Date {
	if s == "" {
		return pgtype.Date{}
	}
	m, err := time.Parse("2006-01", s)
	first := time.Date(now.UTC().Year(), now.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	if err != nil || m.Before(first) || m.After(first.AddDate(0, MoveInMonthsAhead, 0)) {
		v.Check(false, "moveInMonth", "Move-in month must be a month from this one to two years ahead, such as "+first.AddDate(0, 2, 0).Format("2006-01"))
		return pgtype.Date{}
	}
	return pgtype.Date{Time: m, Valid: true}
}

// describe lists times for a notice or an email ("Thu 3 Dec 2026, 18:30 (Europe/London)").
func describe(times []time.Time, zone string) []string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	out := make([]string, len(times))
	for i, t := range times {
		out[i] = t.In(loc).Format("Mon 2 Jan 2006, 15:04") + " (" + zone + ")"
	}
	return out
}
