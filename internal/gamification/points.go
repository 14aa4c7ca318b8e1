// Package gamification is experience points (XP), levels, badges, achievements and the
// leaderboard. XP comes only from the points table below: an action that earns XP calls Award
// with its own transaction, which records the user_activities row with its points (capped per
// day), moves user_xp.xp by exactly those points and awards the badges and achievements whose
// requirements are now met, all in that transaction. A user's XP is therefore always the sum of
// their activity rows' points. XP never depends on a review's rating or on which answer someone
// gave to a verification request.
package gamification

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/vocab"
)

// Rule is one row of the points table. Its Key names it in the activity rows' metadata and in
// the badges' and achievements' requirements ({"reviews": 10} asks for ten).
type Rule struct {
	Key          string
	ActivityType string // SPEC §3 activityType of its rows
	EntityType   string // what EntityID names
	Points       int32
	DailyCap     int32 // how many a day (UTC) earn points; 0: no cap. Beyond it the row has 0 points.
	// OncePerEntity: a second award about the same entity (net of reversals) earns nothing.
	OncePerEntity bool
}

// The points table (README "Gamification rules"): each rule's points, daily cap and once-only
// flag are declared in the contract (vocab.Published), which the pages quote. Signing in,
// viewing and profile edits earn nothing.
var (
	// ReviewPublished: a review posted (to its author).
	ReviewPublished = declared(Rule{Key: "reviews", ActivityType: "review_posted", EntityType: "review"})
	// HelpfulVoteReceived: a helpful vote on the user's review from an established account.
	HelpfulVoteReceived = declared(Rule{Key: "helpfulVotes", ActivityType: "helpful_vote", EntityType: "review"})
	// RequestAnswered: a verification request answered by the person asked, approved or rejected
	// alike, when the answer earns a reward at all (package verification decides); the first
	// DailyCap a day earn XP, and the verifier's token follows the XP.
	RequestAnswered = declared(Rule{Key: "verificationsAnswered", ActivityType: "verification_completed", EntityType: "verification"})
	// ListingPublished: a property listed (to its landlord).
	ListingPublished = declared(Rule{Key: "properties", ActivityType: "property_listing", EntityType: "property"})
	// PropertyVerified: the user's property verified, whichever the proof (once per property).
	PropertyVerified = declared(Rule{Key: "verifiedProperties", ActivityType: "verification_completed", EntityType: "property"})
	// TenancyVerified: the user's tenancy verified, by its property's owner or from documents
	// (once per tenancy, whatever its holder writes; package tenancy gives it).
	TenancyVerified = declared(Rule{Key: "verifiedTenancies", ActivityType: "verification_completed", EntityType: "tenancy"})
)

// declared fills in r's points, daily cap and once-only flag from the contract's row of its key.
func declared(r Rule) Rule {
	x := vocab.XP(r.Key)
	r.Points, r.DailyCap, r.OncePerEntity = x.GetPoints(), x.GetDailyCap(), x.GetOncePerEntity()
	return r
}

// Rules is the whole points table.
var Rules = []Rule{ReviewPublished, HelpfulVoteReceived, RequestAnswered, ListingPublished, PropertyVerified, TenancyVerified}

// Award is one thing that may earn XP: rule's action by (or, for votes received, to) UserID
// about EntityID. VoterID is the voter of a helpful vote.
type Award struct {
	Rule     Rule
	UserID   int32
	EntityID int32
	VoterID  int32
}

// Awarded says what an award earned.
type Awarded struct {
	Recorded bool  // false: an award about the entity stands already (OncePerEntity)
	Points   int32 // 0 when the day's cap was reached
}

// Give records a with its points inside the caller's transaction tx: the user's row is locked
// first, so the daily cap and the once-only check count every award before this one, even under
// parallel requests.
func Give(ctx context.Context, tx *db.Queries, a Award) (Awarded, error) {
	if _, err := tx.LockUserXP(ctx, a.UserID); err != nil {
		return Awarded{}, fmt.Errorf("lock the XP of user %d: %w", a.UserID, err)
	}
	standing, err := tx.GetAwardStanding(ctx, db.GetAwardStandingParams{
		EntityType: a.Rule.EntityType, EntityID: a.EntityID,
		UserID: a.UserID, Rule: a.Rule.Key,
	})
	if err != nil {
		return Awarded{}, fmt.Errorf("count the %s awards of user %d: %w", a.Rule.Key, a.UserID, err)
	}
	if a.Rule.OncePerEntity && standing.Held > 0 {
		return Awarded{}, nil
	}
	points := a.Rule.Points
	if a.Rule.DailyCap > 0 && standing.EarnedToday >= a.Rule.DailyCap {
		points = 0
	}
	meta := map[string]any{"rule": a.Rule.Key}
	if a.VoterID != 0 {
		meta["voter"] = a.VoterID
	}
	level, err := record(ctx, tx, a.UserID, a.Rule, a.EntityID, points, meta)
	if err != nil {
		return Awarded{}, err
	}
	badges, err := tx.AwardEarned(ctx, db.AwardEarnedParams{UserID: a.UserID, Rule: a.Rule.Key})
	if err != nil {
		return Awarded{}, fmt.Errorf("award the badges of user %d: %w", a.UserID, err)
	}
	if err := notifyEarned(ctx, tx, a.UserID, level, badges); err != nil {
		return Awarded{}, err
	}
	return Awarded{Recorded: true, Points: points}, nil
}

// LockPeople locks the rows of every user a transaction will award XP or tokens to, in id order,
// before it awards anyone: Give and the ledger lock one user at a time, in whatever order the
// action meets them, and two actions meeting the same people in opposite orders (an owner who is
// another property's verifier) would otherwise deadlock.
func LockPeople(ctx context.Context, tx *db.Queries, ids ...int32) error {
	if err := tx.LockUsers(ctx, ids); err != nil {
		return fmt.Errorf("lock users %v: %w", ids, err)
	}
	return nil
}

// record writes one activity row and moves the user's XP by its points; it returns the level
// those points reached ("level 3: Name"; "" for none).
func record(ctx context.Context, tx *db.Queries, userID int32, r Rule, entityID, points int32, meta map[string]any) (string, error) {
	metadata, err := json.Marshal(meta)
	if err != nil {
		return "", fmt.Errorf("encode activity metadata: %w", err)
	}
	if err := tx.RecordAward(ctx, db.RecordAwardParams{
		UserID: userID, ActivityType: r.ActivityType, Points: points,
		EntityID: &entityID, EntityType: nullable.Ptr(r.EntityType), Metadata: metadata,
	}); err != nil {
		return "", fmt.Errorf("record %s activity: %w", r.Key, err)
	}
	if points == 0 {
		return "", nil
	}
	level, err := tx.AddXP(ctx, db.AddXPParams{ID: userID, Points: points})
	if err != nil {
		return "", fmt.Errorf("move the XP of user %d: %w", userID, err)
	}
	return level, nil
}

// GiveHelpfulVote awards the author of a review the helpful vote of voterID, the signed-in caller,
// when the voter's account is established (account_established: a week old with a published
// review) and not linked to the author (account.LinkedToCaller, this vote's network and browser
// included): votes from fresh or linked accounts earn nothing and are not recorded for the author.
func GiveHelpfulVote(ctx context.Context, tx *db.Queries, authorID, reviewID, voterID int32) error {
	established, err := tx.IsEstablished(ctx, voterID)
	if err != nil {
		return fmt.Errorf("is user %d established: %w", voterID, err)
	}
	if !established {
		return nil
	}
	if linked, err := account.LinkedToCaller(ctx, tx, voterID, authorID); err != nil || linked {
		return err
	}
	_, err = Give(ctx, tx, Award{Rule: HelpfulVoteReceived, UserID: authorID, EntityID: reviewID, VoterID: voterID})
	return err
}

// GivePropertyVerified awards the owner of propertyID its verification.
func GivePropertyVerified(ctx context.Context, tx *db.Queries, propertyID int32) error {
	owner, err := tx.GetLandlordOf(ctx, propertyID)
	if err != nil {
		return fmt.Errorf("owner of property %d: %w", propertyID, err)
	}
	_, err = Give(ctx, tx, Award{Rule: PropertyVerified, UserID: owner, EntityID: propertyID})
	return err
}

// GiveTenancyVerified awards tenantID the verification of their tenancy tenancyID.
func GiveTenancyVerified(ctx context.Context, tx *db.Queries, tenantID, tenancyID int32) error {
	_, err := Give(ctx, tx, Award{Rule: TenancyVerified, UserID: tenantID, EntityID: tenancyID})
	return err
}

// TakeTenancyVerifiedBack reverses tenantID's award for tenancyID when the tenancy stops being
// verified (withdrawn, revoked, or the listing moved).
func TakeTenancyVerifiedBack(ctx context.Context, tx *db.Queries, tenantID, tenancyID int32) error {
	return takeBack(ctx, tx, tenantID, TenancyVerified, tenancyID)
}

// TakeBackReview reverses what a review earned its author (its own award and the helpful votes
// on it) with one reversing row, when the review is removed. Levels follow the XP down; badges
// stay. A review already taken back, or never awarded, changes nothing. Publishing it again
// (a moderator's restore) awards it anew through Give.
func TakeBackReview(ctx context.Context, tx *db.Queries, authorID, reviewID int32) error {
	return takeBack(ctx, tx, authorID, ReviewPublished, reviewID, HelpfulVoteReceived)
}

// TakeBackRequestAnswered reverses what answering requestID earned verifierID, when an
// administrator finds the request was arranged.
func TakeBackRequestAnswered(ctx context.Context, tx *db.Queries, verifierID, requestID int32) error {
	return takeBack(ctx, tx, verifierID, RequestAnswered, requestID)
}

// TakePropertyVerifiedBack reverses the owner's award for propertyID's verification when it is
// withdrawn (by an administrator, or by an edit that moved the property); verified again, the
// property earns it anew.
func TakePropertyVerifiedBack(ctx context.Context, tx *db.Queries, propertyID int32) error {
	owner, err := tx.GetLandlordOf(ctx, propertyID)
	if err != nil {
		return fmt.Errorf("owner of property %d: %w", propertyID, err)
	}
	return takeBack(ctx, tx, owner, PropertyVerified, propertyID)
}

// takeBack writes one reversing row of rule about entityID for userID, worth minus what the
// user's rows of rule and of also about that entity earned, when an award of rule stands.
func takeBack(ctx context.Context, tx *db.Queries, userID int32, rule Rule, entityID int32, also ...Rule) error {
	if _, err := tx.LockUserXP(ctx, userID); err != nil {
		return fmt.Errorf("lock the XP of user %d: %w", userID, err)
	}
	keys := []string{rule.Key}
	for _, r := range also {
		keys = append(keys, r.Key)
	}
	earned, err := tx.GetEntityXP(ctx, db.GetEntityXPParams{
		MainRule: rule.Key, UserID: userID, EntityType: rule.EntityType, EntityID: entityID, Rules: keys,
	})
	if err != nil {
		return fmt.Errorf("XP of %s %d: %w", rule.EntityType, entityID, err)
	}
	if earned.Held <= 0 {
		return nil
	}
	_, err = record(ctx, tx, userID, rule, entityID, -earned.Points, map[string]any{"rule": rule.Key, "reversal": true})
	return err
}

// rulesJSON is the points table as gamification_backfill takes it.
func rulesJSON() []byte {
	m := make(map[string]map[string]int32, len(Rules))
	for _, r := range Rules {
		m[r.Key] = map[string]int32{"points": r.Points, "cap": r.DailyCap}
	}
	b, _ := json.Marshal(m) //nolint:errchkjson // maps of ints always encode
	return b
}

// Backfill awards, with the points table, whatever happened without an award (demo data,
// data from before gamification): see gamification_backfill in the migrations.
func Backfill(ctx context.Context, tx *db.Queries) error {
	if err := tx.BackfillGamification(ctx, rulesJSON()); err != nil {
		return fmt.Errorf("backfill XP: %w", err)
	}
	return nil
}
