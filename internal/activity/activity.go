// Package activity records what people do on the site (user_activities) that earns no XP. An
// action records its activity in its own transaction, by calling Record with that transaction's
// queries: the activity exists exactly when the action does. Activities that earn XP are recorded
// by gamification.Give, the one place that decides points; rows recorded here have none.
package activity

import (
	"context"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/nullable"
)

// Types of activity (SPEC §3 activityType) recorded so far.
const (
	ReviewPosted          = "review_posted"
	HelpfulVote           = "helpful_vote"
	VerificationRequested = "verification_requested"
	VerificationCompleted = "verification_completed"
)

// Activity is one thing a user did, about one entity.
type Activity struct {
	UserID     int32
	Type       string
	EntityType string // property, review, verification, resource or badge
	EntityID   int32
}

// Record stores a inside the caller's transaction tx.
func Record(ctx context.Context, tx *db.Queries, a Activity) error {
	if err := tx.RecordActivity(ctx, db.RecordActivityParams{
		UserID: a.UserID, ActivityType: a.Type, Points: 0,
		EntityID: nullable.Ptr(a.EntityID), EntityType: nullable.Ptr(a.EntityType),
	}); err != nil {
		return fmt.Errorf("record %s activity: %w", a.Type, err)
	}
	return nil
}
