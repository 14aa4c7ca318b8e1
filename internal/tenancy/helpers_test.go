package tenancy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strconv"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// world is a server with the clients of the services under test.
type world struct {
	*testworld.World
	tenancy tenancyv1connect.TenancyServiceClient
	admin   adminv1connect.AdminServiceClient
	reviews reviewv1connect.ReviewServiceClient
	// verifications withdraws a property's verification.
	verifications verificationv1connect.VerificationServiceClient
}

func newWorld(t *testing.T, opts testserver.Options) *world {
	t.Helper()
	w := testworld.Start(t, opts)
	return &world{
		World:         w,
		tenancy:       tenancyv1connect.NewTenancyServiceClient(http.DefaultClient, w.URL),
		admin:         adminv1connect.NewAdminServiceClient(http.DefaultClient, w.URL),
		reviews:       reviewv1connect.NewReviewServiceClient(http.DefaultClient, w.URL),
		verifications: verificationv1connect.NewVerificationServiceClient(http.DefaultClient, w.URL),
	}
}

// verified lists olga's property titled title, verified with proof ("": not verified).
func (w *world) verified(t *testing.T, title, proof string) int32 {
	t.Helper()
	id := w.Property(t, "olga", title)
	if proof != "" {
		w.Exec(t, `INSERT INTO property_verifications (property_id, proof, confirmations) VALUES ($1, $2, 1)`, id, proof)
	}
	return id
}

// claim files token's claim on property from January 2023, still living there.
func (w *world) claim(t *testing.T, token string, property int32) *tenancyv1.Tenancy {
	t.Helper()
	res, err := w.tenancy.ClaimTenancy(context.Background(), testworld.As(token,
		&tenancyv1.ClaimTenancyRequest{PropertyId: property, FromMonth: "2023-01", Message: "I rented the back bedroom."}))
	if err != nil {
		t.Fatalf("claim %d: %v", property, err)
	}
	return res.Msg.Tenancy
}

// confirm is the owner's confirmation of claim id, as token.
func (w *world) confirm(token string, id int32) (*tenancyv1.Tenancy, error) {
	res, err := w.tenancy.ConfirmTenancy(context.Background(), testworld.As(token, &tenancyv1.ConfirmTenancyRequest{Id: id}))
	if err != nil {
		return nil, err
	}
	return res.Msg.Tenancy, nil
}

// cannotConfirm is the owner's "I can't confirm this" on claim id with message, as token.
func (w *world) cannotConfirm(token string, id int32, message string) (*tenancyv1.Tenancy, error) {
	res, err := w.tenancy.CannotConfirmTenancy(context.Background(), testworld.As(token,
		&tenancyv1.CannotConfirmTenancyRequest{Id: id, Message: message}))
	if err != nil {
		return nil, err
	}
	return res.Msg.Tenancy, nil
}

// get is claim id as token reads it.
func (w *world) get(t *testing.T, token string, id int32) *tenancyv1.Tenancy {
	t.Helper()
	res, err := w.tenancy.GetTenancy(context.Background(), testworld.As(token, &tenancyv1.GetTenancyRequest{Id: id}))
	if err != nil {
		t.Fatalf("get tenancy %d: %v", id, err)
	}
	return res.Msg.Tenancy
}

// decide is an administrator's decision on claim id.
func (w *world) decide(token string, id int32, approve bool, message string) (*tenancyv1.Tenancy, error) {
	res, err := w.admin.DecideTenancy(context.Background(), testworld.As(token,
		&adminv1.DecideTenancyRequest{Id: id, Approve: approve, Message: message}))
	if err != nil {
		return nil, err
	}
	return res.Msg.Tenancy, nil
}

// pdf is a small PDF whose content differs with body.
func pdf(body string) []byte { return []byte("%PDF-1.4\n% " + body + "\n%%EOF\n") }

// upload sends files (name → content) of kind for claim id as token through
// POST /api/tenancies/{id}/documents; kind "" sends no kind field. It returns the status and the
// answer's message (or the claim's stage on success).
func (w *world) upload(t *testing.T, token string, id int32, kind string, files map[string][]byte) (int, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if kind != "" {
		_ = mw.WriteField("kind", kind)
	}
	for name, content := range files {
		part, err := mw.CreateFormFile("documents", name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(content)
	}
	_ = mw.Close()
	status, _, raw := testworld.Send(t, http.MethodPost, w.URL+"/api/tenancies/"+strconv.Itoa(int(id))+"/documents", token, mw.FormDataContentType(), &b)
	var answer struct {
		Message string
		Tenancy struct{ Stage string }
	}
	if err := json.Unmarshal([]byte(raw), &answer); err != nil {
		t.Fatalf("upload: %d, not JSON: %q", status, raw)
	}
	if status == http.StatusOK {
		return status, answer.Tenancy.Stage
	}
	return status, answer.Message
}

// review posts token's tenant review of property, rated rating, and returns its id.
func (w *world) review(t *testing.T, token string, property int32, rating int32) int32 {
	t.Helper()
	res, err := w.reviews.CreateReview(context.Background(), testworld.As(token, &reviewv1.CreateReviewRequest{
		PropertyId: property, Rating: rating, Title: "Quiet and bright", Content: "Two years here, the heating always worked.",
		ReviewType: "tenant_to_property", Language: "en",
	}))
	if err != nil {
		t.Fatalf("review %d: %v", property, err)
	}
	return res.Msg.Review.Id
}

// label is review id's verified and counted flags and its label changes, as "verified counted
// [true false ...]".
func (w *world) label(t *testing.T, id int32) string {
	t.Helper()
	var verified, counted bool
	var changes []bool
	if err := w.Pool.QueryRow(context.Background(), `SELECT verified, counted,
		coalesce((SELECT array_agg(c.verified ORDER BY c.id) FROM review_label_changes c WHERE c.review_id = r.id), '{}')
		FROM reviews r WHERE r.id = $1`, id).Scan(&verified, &counted, &changes); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("verified %v counted %v changes %v", verified, counted, changes)
}

// xp is username's XP for verified tenancies: their rows of the rule and the points those earned.
func (w *world) xp(t *testing.T, username string) string {
	t.Helper()
	var rows, points int32
	if err := w.Pool.QueryRow(context.Background(), `SELECT count(*), coalesce(sum(points), 0) FROM user_activities
		WHERE user_id = (SELECT id FROM users WHERE username = $1) AND metadata ->> 'rule' = 'verifiedTenancies'`, username).Scan(&rows, &points); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d rows, %d XP", rows, points)
}

// events lists claim id's tenancy_events as "status/stage/proof by actor: note".
func (w *world) events(t *testing.T, id int32) []string {
	t.Helper()
	rows, err := w.Pool.Query(context.Background(), `SELECT e.status || '/' || coalesce(e.stage, '') || '/' || coalesce(e.proof, '') || ' by ' ||
		coalesce(u.username, '-') || ': ' || coalesce(e.note, '') FROM tenancy_events e LEFT JOIN users u ON u.id = e.actor_id
		WHERE e.tenancy_id = $1 ORDER BY e.id`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}
