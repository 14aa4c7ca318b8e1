package vocab_test

import (
	"slices"
	"testing"

	"github.com/rentproof/rentproof/internal/vocab"
)

// TestVocabularies checks the sizes and ends of SPEC §3's lists, and the labels SPEC gives.
func TestVocabularies(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v           *vocab.Vocabulary
		n           int
		first, last string
	}{
		{vocab.PropertyTypes, 15, "apartment", "mansion"},
		{vocab.Currencies, 30, "USD", "ILS"},
		{vocab.AreaUnits, 2, "sqft", "sqm"},
		{vocab.Amenities, 17, "Air Conditioning", "Energy efficient"},
		{vocab.ReviewTypes, 6, "tenant_to_property", "general"},
		{vocab.Languages, 12, "en", "ru"},
		{vocab.StayPeriods, 5, "current", "more_than_3_years"},
		{vocab.ReviewCategories, 13, "Location", "Community"},
		{vocab.ReportReasons, 6, "spam", "other"},
		{vocab.ModerationDecisions, 2, "restore", "remove"},
		{vocab.SecurityQuestions, 10, "What was your childhood nickname?", "What is the name of the street you grew up on?"},
		{vocab.ResourceCategories, 15, "tenant", "renovations"},
		{vocab.RegistrationRoles, 2, "tenant", "landlord"},
	} {
		t.Run(c.v.Name(), func(t *testing.T) {
			t.Parallel()
			values := c.v.Values()
			if len(values) != c.n || values[0] != c.first || values[len(values)-1] != c.last {
				t.Errorf("%d values %v, want %d from %q to %q", len(values), values, c.n, c.first, c.last)
			}
		})
	}
	for value, label := range map[string]string{"student_housing": "Student Housing", "apartment": "Apartment"} {
		t.Run("label of "+value, func(t *testing.T) {
			t.Parallel()
			if got := vocab.PropertyTypes.Label(value); got != label {
				t.Errorf("PropertyTypes.Label(%q) = %q, want %q", value, got, label)
			}
		})
	}
	if got := vocab.ReviewTypes.Label("tenant_to_landlord"); got != "Review about landlord" {
		t.Errorf("review type label %q", got)
	}
	if got := vocab.Currencies.Label("EUR"); got != "EUR" {
		t.Errorf("a value without a label is its own label, got %q", got)
	}
	// Values is a copy: changing it changes nothing.
	vocab.PropertyTypes.Values()[0] = "castle"
	if !vocab.PropertyTypes.Contains("apartment") || vocab.PropertyTypes.Contains("castle") {
		t.Error("Values handed out the vocabulary's own slice")
	}
}

// TestSharedVocabulary checks that a field naming a vocabulary declared elsewhere shares it.
func TestSharedVocabulary(t *testing.T) {
	t.Parallel()
	second := vocab.Fields()["rentproof.account.v1.SetSecurityQuestionsRequest.security_question2"]
	if second.Vocabulary != vocab.SecurityQuestions {
		t.Fatalf("security_question2 has vocabulary %v", second.Vocabulary)
	}
	if vocab.Account.SecurityQuestion.Vocabulary != vocab.SecurityQuestions {
		t.Fatal("security_question1 lost its vocabulary")
	}
}

// TestLimits checks the limits of SPEC §9 and that they count characters, not bytes.
func TestLimits(t *testing.T) {
	t.Parallel()
	f := vocab.Review.Title
	if f.MinChars != 5 || f.MaxChars != 100 {
		t.Fatalf("review title %d..%d", f.MinChars, f.MaxChars)
	}
	if vocab.Review.Content.MinChars != 20 || vocab.Review.Content.MaxChars != 1000 {
		t.Errorf("review content %+v", vocab.Review.Content)
	}
	if vocab.Property.Images.MinItems != 1 || vocab.Property.Images.MaxItems != 5 {
		t.Errorf("listing images %+v", vocab.Property.Images)
	}
	if vocab.Account.Password.MinChars != 6 || vocab.Account.Username.MinChars != 3 || vocab.Account.LoginIdentifier.MinChars != 3 {
		t.Errorf("account limits %+v", vocab.Account)
	}
	// Five emoji are five characters (20 bytes, 10 UTF-16 units).
	if f.TooShort("😀😀😀😀😀") || !f.TooShort("😀😀😀😀") {
		t.Error("TooShort does not count characters")
	}
	long := string(slices.Repeat([]rune{'é'}, 100))
	if f.TooLong(long) || !f.TooLong(long+"é") {
		t.Error("TooLong does not count characters")
	}
	if vocab.Chars("héllo😀") != 6 {
		t.Errorf("Chars = %d", vocab.Chars("héllo😀"))
	}
	if !vocab.Property.Images.TooFew(0) || vocab.Property.Images.TooMany(5) || !vocab.Property.Images.TooMany(6) {
		t.Error("item bounds")
	}
	if !vocab.Property.Type.Allows("loft") || vocab.Property.Type.Allows("castle") || !vocab.Property.Title.Allows("anything") {
		t.Error("Allows")
	}
}
