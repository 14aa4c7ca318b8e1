package property

import (
	"context"
	"fmt"
	"regexp"
	"time"
	_ "time/tzdata" // zone names are checked the same on every machine, with or without a zoneinfo folder

	"github.com/rentproof/rentproof/gen/db"
)

// MsgTimeZone refuses a time zone that is not an IANA zone name.
const MsgTimeZone = "Please choose a valid time zone"

// zoneName is the shape properties.time_zone accepts ("Europe/London", "America/Argentina/Salta", "UTC").
var zoneName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$`)

// ValidTimeZone reports whether name is an IANA time zone Go knows (never "Local": the server's
// own zone is nobody's listing's).
func ValidTimeZone(name string) bool {
	if name == "Local" || !zoneName.MatchString(name) {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// timeZone is zone, or country's usual zone when zone is "" (SQL country_time_zone).
func timeZone(ctx context.Context, q *db.Queries, zone, country string) (string, error) {
	if zone != "" {
		return zone, nil
	}
	zone, err := q.CountryTimeZone(ctx, country)
	if err != nil {
		return "", fmt.Errorf("time zone of %q: %w", country, err)
	}
	return zone, nil
}
