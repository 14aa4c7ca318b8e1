package vocab

import (
	"errors"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	vocabv1 "github.com/rentproof/rentproof/gen/rentproof/vocab/v1"
)

// Published are the server's rules that the web app applies or quotes (listing roles, review
// tabs, who may write which review type, the points table and the figures the pages state),
// declared once as the (rentproof.vocab.v1.published) option of rules.proto. The domains take
// their rules from here, so what the pages say is what the server enforces.
var Published = func() *vocabv1.PublishedRules {
	p, err := readPublished(vocabv1.File_rentproof_vocab_v1_rules_proto.Options())
	if err != nil {
		panic("vocab: " + err.Error())
	}
	return p
}()

// TabTypes returns the review types a review tab shows (empty, never nil: every type) and
// whether the tab is declared.
func TabTypes(tab string) ([]string, bool) {
	for _, t := range Published.GetReview().GetTabs() {
		if t.GetValue() == tab {
			return append([]string{}, t.GetReviewTypes()...), true
		}
	}
	return nil, false
}

// OnlyRole returns the one role that may write a review type, or "" when any role may.
func OnlyRole(reviewType string) string {
	for _, r := range Published.GetReview().GetRoleOnlyTypes() {
		if r.GetReviewType() == reviewType {
			return r.GetRole()
		}
	}
	return ""
}

// XP returns the points table's row of the given key; a missing row is a programming error.
func XP(key string) *vocabv1.XpRule {
	for _, r := range Published.GetXp() {
		if r.GetKey() == key {
			return r
		}
	}
	panic("vocab: the points table has no rule " + key)
}

// roles are the account roles: those a verifier may have, and admin.
func roles() []string { return append(VerifierRoles.Values(), "admin") }

// readPublished reads and checks the declaration: every figure set, every role and review type
// one that exists, nothing declared twice.
func readPublished(opts protoreflect.ProtoMessage) (*vocabv1.PublishedRules, error) {
	if opts == nil || !proto.HasExtension(opts, vocabv1.E_Published) {
		return nil, errors.New("rules.proto declares no published rules")
	}
	p, ok := proto.GetExtension(opts, vocabv1.E_Published).(*vocabv1.PublishedRules)
	if !ok {
		return nil, errors.New("the published rules are not a PublishedRules")
	}
	if err := figuresSet(p.ProtoReflect()); err != nil {
		return nil, err
	}
	var errs []error
	check := func(ok bool, format string, args ...any) {
		if !ok {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	for _, role := range p.GetProperty().GetListingRoles() {
		check(slices.Contains(roles(), role), "listing role %q is no role", role)
	}
	r := p.GetReview()
	var tabs []string
	for _, t := range r.GetTabs() {
		check(t.GetValue() != "" && !slices.Contains(tabs, t.GetValue()), "review tab %q is empty or declared twice", t.GetValue())
		tabs = append(tabs, t.GetValue())
		for _, typ := range t.GetReviewTypes() {
			check(ReviewTypes.Contains(typ), "review tab %q shows %q, which is no review type", t.GetValue(), typ)
		}
	}
	var roleOnly []string
	for _, o := range r.GetRoleOnlyTypes() {
		check(ReviewTypes.Contains(o.GetReviewType()) && !slices.Contains(roleOnly, o.GetReviewType()),
			"role-only review type %q is no review type or declared twice", o.GetReviewType())
		check(slices.Contains(roles(), o.GetRole()), "review type %q is kept for %q, which is no role", o.GetReviewType(), o.GetRole())
		roleOnly = append(roleOnly, o.GetReviewType())
	}
	check(ReviewTypes.Contains(r.GetOwnerType()), "the owner's review type %q is no review type", r.GetOwnerType())
	for _, typ := range r.GetRatedTypes() {
		check(ReviewTypes.Contains(typ), "rated review type %q is no review type", typ)
	}
	var keys []string
	for _, x := range p.GetXp() {
		check(x.GetKey() != "" && !slices.Contains(keys, x.GetKey()), "XP rule %q is unnamed or declared twice", x.GetKey())
		check(x.GetPoints() > 0 && x.GetDailyCap() >= 0, "XP rule %q earns %d points, capped at %d", x.GetKey(), x.GetPoints(), x.GetDailyCap())
		keys = append(keys, x.GetKey())
	}
	return p, errors.Join(errs...)
}

// figuresSet checks that every group of rules is declared and every number in one is positive
// (the points table, whose caps may be 0, is checked apart).
func figuresSet(m protoreflect.Message) error {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		switch {
		case fd.Kind() == protoreflect.MessageKind && !fd.IsList():
			if !m.Has(fd) {
				return fmt.Errorf("%s is not declared", fd.FullName())
			}
			if err := figuresSet(m.Get(fd).Message()); err != nil {
				return err
			}
		case fd.Kind() == protoreflect.Int32Kind && m.Get(fd).Int() <= 0:
			return fmt.Errorf("%s is not a positive number", fd.FullName())
		case fd.IsList() && m.Get(fd).List().Len() == 0:
			return fmt.Errorf("%s lists nothing", fd.FullName())
		}
	}
	return nil
}
