// Package seed loads the demo data (internal/seed/data) into an empty database, so a fresh
// `make run` shows a living site: resources, the 15 demo properties, their landlords and
// reviewers, reviews, levels, badges and achievements.
//
// It is idempotent and never touches user data: catalogues (resources, levels, badges,
// achievements) are inserted only where missing, and the demo people, properties and reviews
// only while the users table is empty.
package seed

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/store"
)

// DemoPassword is the password of every demo account (documented in the README).
const DemoPassword = "rentproof-demo"

//go:embed data/*.json
var data embed.FS

// Demo loads whatever part of the demo data the database lacks.
func Demo(ctx context.Context, pool *pgxpool.Pool) error {
	var d demoData
	if err := d.load(); err != nil {
		return err
	}
	// One hash for every demo account: argon2id is deliberately slow.
	passwordHash, err := account.HashSecret(DemoPassword)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, pool, func(q *db.Queries) error {
		if err := q.SeedLock(ctx); err != nil {
			return fmt.Errorf("lock: %w", err)
		}
		if err := d.catalogues(ctx, q); err != nil {
			return err
		}
		users, err := q.CountUsers(ctx)
		if err != nil {
			return fmt.Errorf("count users: %w", err)
		}
		if users > 0 {
			return nil
		}
		slog.InfoContext(ctx, "seeding demo data", "users", len(d.Users), "properties", len(d.Properties), "reviews", len(d.Reviews))
		if err := d.people(ctx, q, passwordHash); err != nil {
			return err
		}
		// The demo people's reviews and listings earn their XP and badges as real ones would.
		return gamification.Backfill(ctx, q)
	})
}

type demoData struct {
	Users        []demoUser
	Properties   []demoProperty
	Reviews      []demoReview
	Resources    []demoResource
	Levels       []demoLevel
	Badges       []demoBadge
	Achievements []demoAchievement
}

type demoUser struct {
	Username, Email, FirstName, LastName, Role, City, Country, Bio string
}

type demoProperty struct {
	ID                                                 int32
	Title, Description, Address, Locality, City, State string
	ZipCode, Country, PropertyType, Currency, AreaUnit string
	MonthlyRent, Bedrooms, Bathrooms, SquareFeet       int32
	YearBuilt                                          int32
	Amenities, Images                                  []string
	Latitude, Longitude                                string
	PetsAllowed, Furnished, Verified                   bool
	Landlord                                           string
}

type demoReview struct {
	PropertyID                                   int32
	Author, Title, Content, ReviewType, Language string
	Rating                                       int32
	Pros, Cons, Categories                       []string
	StayPeriod                                   *string
	DaysAgo                                      int
}

type demoResource struct {
	Slug, Title, Description, Content, Category, Region, Country  string
	AuthorName, AuthorTitle, AuthorImage, CoverImage, PublishedAt string
	ReadTime                                                      int32
	Tags                                                          []string
	Featured                                                      bool
}

type demoLevel struct {
	Level, PointsRequired int32
	Name, Icon            string
	Benefits              []string
}

type demoBadge struct {
	Name, Description, Icon, Category string
	Level                             int32
	Requirements                      json.RawMessage
}

type demoAchievement struct {
	Name, Description, Icon, Category string
	Points                            int32
	Secret                            bool
	Requirements                      json.RawMessage
}

func (d *demoData) load() error {
	for name, dst := range map[string]any{
		"users": &d.Users, "properties": &d.Properties, "reviews": &d.Reviews, "resources": &d.Resources,
		"levels": &d.Levels, "badges": &d.Badges, "achievements": &d.Achievements,
	} {
		b, err := data.ReadFile("data/" + name + ".json")
		if err != nil {
			return fmt.Errorf("read demo %s: %w", name, err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			return fmt.Errorf("decode demo %s: %w", name, err)
		}
	}
	return nil
}

// catalogues inserts the resources, levels, badges and achievements that are missing.
func (d *demoData) catalogues(ctx context.Context, q *db.Queries) error {
	for _, r := range d.Resources {
		published, err := time.Parse(time.DateOnly, r.PublishedAt)
		if err != nil {
			return fmt.Errorf("resource %s: published date: %w", r.Slug, err)
		}
		if err := q.SeedResource(ctx, db.SeedResourceParams{
			Title: r.Title, Description: r.Description, Content: r.Content, Category: r.Category,
			Region: nullable.Ptr(r.Region), Country: nullable.Ptr(r.Country),
			AuthorName: r.AuthorName, AuthorTitle: nullable.Ptr(r.AuthorTitle), AuthorImage: nullable.Ptr(r.AuthorImage),
			CoverImage: r.CoverImage, ReadTime: r.ReadTime, Tags: nonNil(r.Tags),
			PublishedAt: published, Featured: r.Featured,
			MetaDescription: nullable.Ptr(r.Description), MetaKeywords: nullable.Ptr(strings.Join(r.Tags, ", ")),
			Slug: r.Slug,
		}); err != nil {
			return fmt.Errorf("resource %s: %w", r.Slug, err)
		}
	}
	_, _, _, err := d.gamification(ctx, q)
	return err
}

// Gamification inserts the levels, badges and achievements of the demo data that are missing
// (GamificationService.Initialize), reporting how many of each it added.
func Gamification(ctx context.Context, q *db.Queries) (levels, badges, achievements int64, err error) {
	var d demoData
	if err := d.load(); err != nil {
		return 0, 0, 0, err
	}
	return d.gamification(ctx, q)
}

func (d *demoData) gamification(ctx context.Context, q *db.Queries) (levels, badges, achievements int64, err error) {
	for _, l := range d.Levels {
		n, err := q.SeedLevel(ctx, db.SeedLevelParams{
			Level: l.Level, Name: l.Name, PointsRequired: l.PointsRequired,
			Benefits: nonNil(l.Benefits), Icon: nullable.Ptr(l.Icon),
		})
		if err != nil {
			return 0, 0, 0, fmt.Errorf("level %d: %w", l.Level, err)
		}
		levels += n
	}
	for _, b := range d.Badges {
		n, err := q.SeedBadge(ctx, db.SeedBadgeParams{
			Name: b.Name, Description: b.Description, Icon: b.Icon, Category: b.Category,
			Level: max(b.Level, 1), Requirements: b.Requirements,
		})
		if err != nil {
			return 0, 0, 0, fmt.Errorf("badge %s: %w", b.Name, err)
		}
		badges += n
	}
	for _, a := range d.Achievements {
		n, err := q.SeedAchievement(ctx, db.SeedAchievementParams{
			Name: a.Name, Description: a.Description, Points: a.Points, Icon: nullable.Ptr(a.Icon),
			Category: a.Category, Secret: a.Secret, Requirements: a.Requirements,
		})
		if err != nil {
			return 0, 0, 0, fmt.Errorf("achievement %s: %w", a.Name, err)
		}
		achievements += n
	}
	return levels, badges, achievements, nil
}

// people inserts the demo users with their opening token grant, the properties (the verified
// ones with their demo proof) and the reviews.
func (d *demoData) people(ctx context.Context, q *db.Queries, passwordHash string) error {
	now := time.Now()
	ids := make(map[string]int32, len(d.Users))
	for i, u := range d.Users {
		lastLogin := now.Add(-time.Duration(i) * 36 * time.Hour)
		id, err := q.SeedUser(ctx, db.SeedUserParams{
			Username: u.Username, PasswordHash: passwordHash, Email: u.Email,
			FirstName: u.FirstName, LastName: u.LastName, Role: u.Role,
			City: nullable.Ptr(u.City), Country: u.Country, Bio: nullable.Ptr(u.Bio), LastLogin: &lastLogin,
			// Members for two years, before any of their demo reviews (the oldest is 400 days old),
			// so the demo reviewers are established accounts as real ones would be.
			CreatedAt: now.AddDate(-2, 0, -i),
		})
		if err != nil {
			return fmt.Errorf("user %s: %w", u.Username, err)
		}
		ids[u.Username] = id
		if err := ledger.Open(ctx, q, id); err != nil {
			return fmt.Errorf("tokens of %s: %w", u.Username, err)
		}
	}
	for _, p := range d.Properties {
		landlord, ok := ids[p.Landlord]
		if !ok {
			return fmt.Errorf("property %d: unknown landlord %q", p.ID, p.Landlord)
		}
		keywords := property.Keywords(p.Amenities)
		if err := q.SeedProperty(ctx, db.SeedPropertyParams{
			ID: p.ID, Title: p.Title, Description: p.Description, Address: p.Address,
			Locality: nullable.Ptr(p.Locality), City: p.City, State: nullable.Ptr(p.State), ZipCode: nullable.Ptr(p.ZipCode),
			Country: p.Country, PropertyType: p.PropertyType, MonthlyRent: p.MonthlyRent,
			Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, SquareFeet: nullable.Ptr(p.SquareFeet),
			AreaUnit: p.AreaUnit, Currency: p.Currency, LandlordID: landlord,
			Amenities: nonNil(p.Amenities), Images: nonNil(p.Images),
			Latitude: nullable.Ptr(p.Latitude), Longitude: nullable.Ptr(p.Longitude), YearBuilt: nullable.Ptr(p.YearBuilt),
			PetsAllowed: p.PetsAllowed, Furnished: p.Furnished,
			MetaDescription: nullable.Ptr(property.MetaDescription(p.Description)), MetaKeywords: nullable.Ptr(strings.Join(keywords, ", ")),
			Keywords: nonNil(keywords), Slug: property.Slug(p.Title, p.ID),
			// Listed one after another over the last months, so "newest" has an order.
			CreatedAt: now.AddDate(0, 0, -3*int(16-p.ID)),
		}); err != nil {
			return fmt.Errorf("property %d: %w", p.ID, err)
		}
		// Nobody checked a demo listing: its badge's proof says it is sample data.
		if p.Verified {
			if err := q.SeedDemoVerification(ctx, p.ID); err != nil {
				return fmt.Errorf("property %d: demo verification: %w", p.ID, err)
			}
		}
	}
	if err := q.SyncPropertyIDs(ctx); err != nil {
		return fmt.Errorf("sync property ids: %w", err)
	}
	for i, r := range d.Reviews {
		author, ok := ids[r.Author]
		if !ok {
			return fmt.Errorf("review %d: unknown author %q", i, r.Author)
		}
		if err := q.SeedReview(ctx, db.SeedReviewParams{
			PropertyID: r.PropertyID, UserID: &author, Rating: r.Rating, Title: r.Title, Content: r.Content,
			ReviewType: r.ReviewType, StayPeriod: r.StayPeriod,
			Pros: nonNil(r.Pros), Cons: nonNil(r.Cons), Categories: nonNil(slices.Compact(slices.Sorted(slices.Values(r.Categories)))),
			// Nothing yet checks a reviewer's tenancy (/how-reviews-work): no demo review claims it.
			Verified: false, Language: r.Language, CreatedAt: now.AddDate(0, 0, -r.DaysAgo),
		}); err != nil {
			return fmt.Errorf("review %d (%s on %d): %w", i, r.Author, r.PropertyID, err)
		}
	}
	// Demo reviewers are established, so their reviews count in the stars as established
	// authors' do (the catch-up's rule, run once here).
	if err := q.SeedCountReviews(ctx); err != nil {
		return fmt.Errorf("count demo reviews: %w", err)
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
