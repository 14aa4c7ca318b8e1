package vocab_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/vocab"
)

// column names a table column of the schema.
type column struct{ table, column string }

// stored says where each vocabulary is stored and how its CHECK constraint must read: the same
// values (equal), a part of them (subset: the column takes more than the contract offers), or no
// list at all (the column is a text[] list, or free text the rules check).
var stored = map[string]struct {
	col    column
	subset bool
	none   bool
}{
	"property_type":       {col: column{"properties", "property_type"}},
	"currency":            {col: column{"properties", "currency"}},
	"area_unit":           {col: column{"properties", "area_unit"}},
	"amenity":             {col: column{"properties", "amenities"}, none: true},
	"review_type":         {col: column{"reviews", "review_type"}},
	"language":            {col: column{"reviews", "language"}},
	"stay_period":         {col: column{"reviews", "stay_period"}},
	"review_category":     {col: column{"reviews", "categories"}, none: true},
	"report_reason":       {col: column{"review_reports", "reason"}},
	"moderation_decision": {col: column{"review_moderation_decisions", "decision"}},
	"security_question":   {col: column{"users", "security_question1"}, none: true},
	"resource_category":   {col: column{"resources", "category"}},
	"contact_subject":     {col: column{"contact_messages", "subject"}},
	"registration_role":   {col: column{"users", "role"}, subset: true},
	"verifier_role":       {col: column{"users", "role"}, subset: true},
	"verification_answer": {col: column{"verification_requests", "status"}, subset: true},
}

// lengths pairs text fields with the columns that store them: the schema must accept every text
// the rules accept.
var lengths = map[string]column{
	"rentproof.property.v1.CreatePropertyRequest.title":   {"properties", "title"},
	"rentproof.property.v1.CreatePropertyRequest.country": {"properties", "country"},
	"rentproof.review.v1.CreateReviewRequest.title":       {"reviews", "title"},
	"rentproof.review.v1.CreateReviewRequest.content":     {"reviews", "content"},
	"rentproof.review.v1.ReportReviewRequest.detail":      {"review_reports", "detail"},
	"rentproof.review.v1.RespondToReviewRequest.content":  {"review_owner_responses", "content"},
	"rentproof.review.v1.ModerateReviewRequest.note":      {"review_moderation_decisions", "note"},
	"rentproof.account.v1.RegisterRequest.username":       {"users", "username"},
	"rentproof.account.v1.RegisterRequest.email":          {"users", "email"},
	"rentproof.account.v1.RegisterRequest.first_name":     {"users", "first_name"},
	"rentproof.account.v1.RegisterRequest.last_name":      {"users", "last_name"},

	"rentproof.verification.v1.CreateVerificationRequestRequest.notes":            {"verification_requests", "message"},
	"rentproof.verification.v1.CreateVerificationRequestRequest.message":          {"verification_requests", "message"},
	"rentproof.verification.v1.AnswerVerificationRequestRequest.response_message": {"verification_requests", "response_message"},
	"rentproof.verification.v1.WithdrawVerificationRequest.reason":                {"property_verifications", "withdraw_reason"},
}

var (
	// "col = ANY (ARRAY[...])" for a text column, "col <@ ARRAY[...]" for a text[] one.
	anyArray  = regexp.MustCompile(`\(\(?(\w+)\)?(?:::text)? (?:= ANY \(|<@ )\(?ARRAY\[(.*?)\]\)?`)
	literal   = regexp.MustCompile(`'((?:[^']|'')*)'::(?:text|character varying)`)
	minLength = regexp.MustCompile(`length\((\w+)\) >= (\d+)`)
	maxLength = regexp.MustCompile(`length\((\w+)\) <= (\d+)`)
)

// constraints reads every CHECK constraint of the migrated schema, by the columns it names.
func constraints(t *testing.T) map[column][]string {
	t.Helper()
	pool, _ := dbtest.New(t)
	rows, err := pool.Query(context.Background(), `
		SELECT rel.relname, a.attname, pg_get_constraintdef(c.oid)
		FROM pg_constraint c
		JOIN pg_class rel ON rel.oid = c.conrelid
		JOIN pg_namespace n ON n.oid = rel.relnamespace AND n.nspname = 'public'
		CROSS JOIN LATERAL unnest(c.conkey) AS k(attnum)
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
		WHERE c.contype = 'c'`)
	if err != nil {
		t.Fatalf("read constraints: %v", err)
	}
	defer rows.Close()
	out := map[column][]string{}
	for rows.Next() {
		var c column
		var def string
		if err := rows.Scan(&c.table, &c.column, &def); err != nil {
			t.Fatal(err)
		}
		out[c] = append(out[c], def)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no CHECK constraints found: is the schema migrated?")
	}
	return out
}

// allowed returns the values of the column's "column = ANY (ARRAY[...])" constraint, if any.
func allowed(defs []string, col string) ([]string, bool) {
	for _, def := range defs {
		for _, m := range anyArray.FindAllStringSubmatch(def, -1) {
			if m[1] != col {
				continue
			}
			var values []string
			for _, lit := range literal.FindAllStringSubmatch(m[2], -1) {
				values = append(values, strings.ReplaceAll(lit[1], "''", "'"))
			}
			return values, true
		}
	}
	return nil, false
}

// TestVocabulariesMatchTheSchema compares every vocabulary of the contract with the CHECK
// constraint of the column that stores it, value for value.
func TestVocabulariesMatchTheSchema(t *testing.T) {
	t.Parallel()
	checks := constraints(t)
	for name, v := range vocab.All() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			where, ok := stored[name]
			if !ok {
				t.Fatalf("vocabulary %q is new: say in this test where it is stored and how its CHECK constraint reads", name)
			}
			values, found := allowed(checks[where.col], where.col.column)
			switch {
			case where.none:
				if found {
					t.Errorf("%s.%s now has a list CHECK %v: compare it with vocabulary %q", where.col.table, where.col.column, values, name)
				}
			case !found:
				t.Errorf("vocabulary %q: no list CHECK on %s.%s (constraints: %q)", name, where.col.table, where.col.column, checks[where.col])
			case where.subset:
				for _, value := range v.Values() {
					if !slices.Contains(values, value) {
						t.Errorf("vocabulary %q: %q is not allowed by %s.%s %v", name, value, where.col.table, where.col.column, values)
					}
				}
			default:
				if want := v.Values(); !sameSet(want, values) {
					t.Errorf("vocabulary %q differs from %s.%s:\n contract %v\n schema   %v", name, where.col.table, where.col.column, want, values)
				}
			}
		})
	}
	for name := range stored {
		if vocab.Lookup(name) == nil {
			t.Errorf("this test names vocabulary %q, which the contract does not declare", name)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestLengthsFitTheSchema checks that every text the rules accept fits its column's length CHECK.
func TestLengthsFitTheSchema(t *testing.T) {
	t.Parallel()
	checks := constraints(t)
	fields := vocab.Fields()
	for name, col := range lengths {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, ok := fields[protoreflect.FullName(name)]
			if !ok {
				t.Fatalf("%s declares no rules", name)
			}
			lo, hi := bounds(checks[col], col.column)
			if lo == 0 && hi == 0 {
				t.Fatalf("%s.%s has no length CHECK", col.table, col.column)
			}
			if lo > 0 && f.MinChars < lo {
				t.Errorf("%s accepts %d characters, %s.%s needs at least %d", name, f.MinChars, col.table, col.column, lo)
			}
			if hi > 0 && (f.MaxChars == 0 || f.MaxChars > hi) {
				t.Errorf("%s accepts up to %d characters (0: no limit), %s.%s at most %d", name, f.MaxChars, col.table, col.column, hi)
			}
		})
	}
}

// bounds reads length(col) >= lo and length(col) <= hi from the column's constraints.
func bounds(defs []string, col string) (lo, hi int) {
	for _, def := range defs {
		for _, m := range minLength.FindAllStringSubmatch(def, -1) {
			if m[1] == col {
				lo, _ = strconv.Atoi(m[2])
			}
		}
		for _, m := range maxLength.FindAllStringSubmatch(def, -1) {
			if m[1] == col {
				hi, _ = strconv.Atoi(m[2])
			}
		}
	}
	return lo, hi
}

// TestAllowedReadsBothShapes checks the parsing of the two shapes of a list constraint.
func TestAllowedReadsBothShapes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		def, col string
		want     []string
	}{
		{`CHECK ((currency = ANY (ARRAY['USD'::text, 'EUR'::text])))`, "currency", []string{"USD", "EUR"}},
		{`CHECK ((amenities <@ ARRAY['Yard'::text, 'Owner''s garage'::text]))`, "amenities", []string{"Yard", "Owner's garage"}},
	} {
		t.Run(c.col, func(t *testing.T) {
			t.Parallel()
			got, ok := allowed([]string{c.def}, c.col)
			if !ok || !slices.Equal(got, c.want) {
				t.Errorf("allowed(%s) = %v, %v; want %v", c.def, got, ok, c.want)
			}
		})
	}
}
