package gamification

import (
	"context"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/notify"
)

// ProgressLink is where members see their level and badges.
const ProgressLink = "/gamification"

// notifyEarned tells userID the level ("level 3: Name") and the badges and achievements an award
// just earned them, as one notification, in the award's transaction (in the app; email only for
// a member who turned levels and badges on).
func notifyEarned(ctx context.Context, tx *db.Queries, userID int32, level string, badges []string) error {
	if level == "" && len(badges) == 0 {
		return nil
	}
	var title, body string
	switch {
	case level != "" && len(badges) > 0:
		title = "You reached " + level + " and earned " + quoted(badges)
	case level != "":
		title = "You reached " + level
	default:
		title = "You earned " + quoted(badges)
	}
	body = "See your progress on the Rewards page."
	kind := "badge_earned"
	if level != "" {
		kind = "level_reached"
	}
	return notify.Send(ctx, tx, notify.Notice{
		UserID: userID, Category: notify.LevelsBadges, Kind: kind, Title: title, Body: body,
		Link: ProgressLink, Action: "See your progress",
	})
}

// quoted lists names: “A”, “A” and “B”, “A”, “B” and “C”.
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("“%s”", n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
