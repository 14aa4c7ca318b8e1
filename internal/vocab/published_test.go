package vocab

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"

	vocabv1 "github.com/rentproof/rentproof/gen/rentproof/vocab/v1"
)

// TestPublishedDeclaration checks what the server's rules read from rules.proto: the tabs and the
// role-only types as the domains ask for them, and every points-table row by its key.
func TestPublishedDeclaration(t *testing.T) {
	t.Parallel()
	if types, ok := TabTypes("all"); !ok || types == nil || len(types) != 0 {
		t.Errorf("all: %v %v, want every type (none listed)", types, ok)
	}
	if types, ok := TabTypes("tenant"); !ok || strings.Join(types, ",") != "tenant_to_property,tenant_to_landlord" {
		t.Errorf("tenant: %v %v", types, ok)
	}
	if _, ok := TabTypes("landlords"); ok {
		t.Error("an undeclared tab is declared")
	}
	if OnlyRole("agent_to_property") != "agent" || OnlyRole("landlord_to_tenant") != "landlord" || OnlyRole("general") != "" {
		t.Error("OnlyRole")
	}
	// Issue 27's figures for tenancies, which /how-reviews-work quotes from the same declaration.
	if tn := Published.GetTenancy(); tn.GetMaxOwnerConfirmations() != 5 || tn.GetOwnerConfirmationsDays() != 30 ||
		tn.GetRevealDays() != 14 || tn.GetReviewYearsAfter() != 3 || tn.GetDocumentRetentionDays() != 30 {
		t.Errorf("tenancy figures %v", tn)
	}
	for _, x := range Published.GetXp() {
		if XP(x.GetKey()) != x {
			t.Errorf("XP(%q)", x.GetKey())
		}
	}
}

// TestPublishedRefusesBrokenDeclarations checks that a declaration naming what does not exist,
// declaring something twice or leaving a figure out stops the program instead of loading.
func TestPublishedRefusesBrokenDeclarations(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		change func(p *vocabv1.PublishedRules)
		want   string
	}{
		"a figure left out":          {func(p *vocabv1.PublishedRules) { p.GetReview().MaxPerDay = 0 }, "max_per_day is not a positive number"},
		"a group left out":           {func(p *vocabv1.PublishedRules) { p.Payment = nil }, "payment is not declared"},
		"the tenancy rules left out": {func(p *vocabv1.PublishedRules) { p.Tenancy = nil }, "tenancy is not declared"},
		"a tenancy figure left out":  {func(p *vocabv1.PublishedRules) { p.GetTenancy().RevealDays = 0 }, "reveal_days is not a positive number"},
		"no listing roles":           {func(p *vocabv1.PublishedRules) { p.GetProperty().ListingRoles = nil }, "listing_roles lists nothing"},
		"an unknown listing role":    {func(p *vocabv1.PublishedRules) { p.GetProperty().ListingRoles[0] = "owner" }, `listing role "owner" is no role`},
		"an unknown review type in a tab": {func(p *vocabv1.PublishedRules) {
			p.GetReview().GetTabs()[1].ReviewTypes[0] = "tenant_review"
		}, `shows "tenant_review", which is no review type`},
		"a tab twice": {func(p *vocabv1.PublishedRules) {
			p.GetReview().Tabs = append(p.GetReview().GetTabs(), &vocabv1.ReviewTab{Value: "agent"})
		}, `review tab "agent" is empty or declared twice`},
		"a type kept for an unknown role": {func(p *vocabv1.PublishedRules) { p.GetReview().GetRoleOnlyTypes()[0].Role = "landlords" }, `which is no role`},
		"an unknown owner type":           {func(p *vocabv1.PublishedRules) { p.GetReview().OwnerType = "owner_review" }, `"owner_review" is no review type`},
		"an unknown rated type":           {func(p *vocabv1.PublishedRules) { p.GetReview().RatedTypes[0] = "stars" }, `rated review type "stars"`},
		"an XP rule twice": {func(p *vocabv1.PublishedRules) {
			p.Xp = append(p.GetXp(), &vocabv1.XpRule{Key: "reviews", Points: 1})
		}, `XP rule "reviews" is unnamed or declared twice`},
		"an XP rule earning nothing": {func(p *vocabv1.PublishedRules) { p.GetXp()[0].Points = 0 }, `earns 0 points`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ok := proto.Clone(Published).(*vocabv1.PublishedRules)
			if !ok {
				t.Fatal("clone")
			}
			c.change(p)
			opts := &descriptorpb.FileOptions{}
			proto.SetExtension(opts, vocabv1.E_Published, p)
			if _, err := readPublished(opts); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	if _, err := readPublished(&descriptorpb.FileOptions{}); err == nil {
		t.Error("a file without the declaration is read")
	}
}
