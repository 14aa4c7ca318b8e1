// Package vocab holds the contract's vocabularies and limits: the allowed values of fields such as
// property_type or currency, and the lengths and counts of text and list fields. They are declared
// once, as (rentproof.vocab.v1.rules) options on the request fields in proto/, and read here from
// the generated descriptors when the program starts; the web app reads the same options. Lengths
// count characters (code points), as utf8.RuneCountInString does.
package vocab

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	vocabv1 "github.com/rentproof/rentproof/gen/rentproof/vocab/v1"
)

// Term is one allowed value of a vocabulary and the text a person sees for it.
type Term struct {
	// Value is the wire value, as SPEC writes it.
	Value string
	// Label is the display text, empty when the value is shown as it is.
	Label string
}

// Vocabulary is a named list of allowed values, in SPEC order.
type Vocabulary struct {
	name  string
	terms []Term
}

// Name is the vocabulary's name in the contract ("property_type").
func (v *Vocabulary) Name() string { return v.name }

// Values returns the allowed values in order (a copy the caller may keep).
func (v *Vocabulary) Values() []string {
	out := make([]string, len(v.terms))
	for i, t := range v.terms {
		out[i] = t.Value
	}
	return out
}

// Terms returns the values with their labels, in order (a copy the caller may keep).
func (v *Vocabulary) Terms() []Term { return slices.Clone(v.terms) }

// Contains reports whether s is one of the values, compared exactly.
func (v *Vocabulary) Contains(s string) bool {
	return slices.ContainsFunc(v.terms, func(t Term) bool { return t.Value == s })
}

// Label returns the display text of a value: its label, or the value itself when it has none.
func (v *Vocabulary) Label(s string) string {
	for _, t := range v.terms {
		if t.Value == s && t.Label != "" {
			return t.Label
		}
	}
	return s
}

// Field is what one field of the contract accepts. A zero bound is no bound; on a repeated field
// the character bounds apply to each entry and the item bounds to the list.
type Field struct {
	// Name is the field's full name ("rentproof.review.v1.CreateReviewRequest.title").
	Name protoreflect.FullName
	// Vocabulary lists the allowed values, nil when any text is allowed.
	Vocabulary *Vocabulary
	// MinChars and MaxChars bound the text in characters (MinChars 1: required). Callers trim
	// text fields first; passwords are counted as typed.
	MinChars, MaxChars int
	// MinItems and MaxItems bound the entries of a repeated field.
	MinItems, MaxItems int
}

// Chars counts the characters (code points) of s, the unit of every length limit.
func Chars(s string) int { return utf8.RuneCountInString(s) }

// Allows reports whether s is one of the field's values; any text is allowed without a vocabulary.
func (f Field) Allows(s string) bool { return f.Vocabulary == nil || f.Vocabulary.Contains(s) }

// TooShort reports whether s has fewer characters than MinChars.
func (f Field) TooShort(s string) bool { return f.MinChars > 0 && Chars(s) < f.MinChars }

// TooLong reports whether s has more characters than MaxChars.
func (f Field) TooLong(s string) bool { return f.MaxChars > 0 && Chars(s) > f.MaxChars }

// TooFew reports whether a list of n entries has fewer than MinItems.
func (f Field) TooFew(n int) bool { return f.MinItems > 0 && n < f.MinItems }

// TooMany reports whether a list of n entries has more than MaxItems.
func (f Field) TooMany(n int) bool { return f.MaxItems > 0 && n > f.MaxItems }

// contract is everything read from the descriptors, by vocabulary and by field.
type contract struct {
	vocabularies map[string]*Vocabulary
	fields       map[protoreflect.FullName]Field
}

// read walks every file of the contract once and collects the rules options. A vocabulary's
// values must be declared on exactly one field; a field that only names a vocabulary shares them.
func read() (contract, error) {
	c := contract{vocabularies: map[string]*Vocabulary{}, fields: map[protoreflect.FullName]Field{}}
	type pending struct {
		fd    protoreflect.FieldDescriptor
		rules *vocabv1.Rules
	}
	var found []pending
	var walk func(protoreflect.MessageDescriptors)
	walk = func(ms protoreflect.MessageDescriptors) {
		for i := range ms.Len() {
			m := ms.Get(i)
			for j := range m.Fields().Len() {
				fd := m.Fields().Get(j)
				if rules, ok := proto.GetExtension(fd.Options(), vocabv1.E_Rules).(*vocabv1.Rules); ok && proto.HasExtension(fd.Options(), vocabv1.E_Rules) {
					found = append(found, pending{fd, rules})
				}
			}
			walk(m.Messages())
		}
	}
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if strings.HasPrefix(f.Path(), "rentproof/") {
			walk(f.Messages())
		}
		return true
	})
	for _, p := range found {
		name := p.rules.GetVocabulary()
		if len(p.rules.GetValues()) == 0 {
			continue
		}
		if name == "" {
			return contract{}, fmt.Errorf("%s declares values without a vocabulary name", p.fd.FullName())
		}
		if _, dup := c.vocabularies[name]; dup {
			return contract{}, fmt.Errorf("vocabulary %q is declared twice (again on %s)", name, p.fd.FullName())
		}
		v := &Vocabulary{name: name}
		for _, t := range p.rules.GetValues() {
			if t.GetValue() == "" || v.Contains(t.GetValue()) {
				return contract{}, fmt.Errorf("vocabulary %q has an empty or repeated value %q", name, t.GetValue())
			}
			v.terms = append(v.terms, Term{Value: t.GetValue(), Label: t.GetLabel()})
		}
		c.vocabularies[name] = v
	}
	for _, p := range found {
		f := Field{
			Name:     p.fd.FullName(),
			MinChars: int(p.rules.GetMinChars()), MaxChars: int(p.rules.GetMaxChars()),
			MinItems: int(p.rules.GetMinItems()), MaxItems: int(p.rules.GetMaxItems()),
		}
		if name := p.rules.GetVocabulary(); name != "" {
			if f.Vocabulary = c.vocabularies[name]; f.Vocabulary == nil {
				return contract{}, fmt.Errorf("%s names vocabulary %q, which no field declares", p.fd.FullName(), name)
			}
		}
		c.fields[f.Name] = f
	}
	return c, nil
}

// loaded is read when the program starts: a broken declaration is a programming error of the
// contract, caught by this package's tests, so it stops the program.
var loaded = func() contract {
	c, err := read()
	if err != nil {
		panic("vocab: " + err.Error())
	}
	return c
}()

// Of returns the rules declared on a field of the contract; a field without rules accepts
// anything (the zero Field).
func Of(fd protoreflect.FieldDescriptor) Field {
	if f, ok := loaded.fields[fd.FullName()]; ok {
		return f
	}
	return Field{Name: fd.FullName()}
}

// Lookup returns the vocabulary of the given name, or nil.
func Lookup(name string) *Vocabulary { return loaded.vocabularies[name] }

// All returns every vocabulary of the contract, by name.
func All() map[string]*Vocabulary {
	return maps.Clone(loaded.vocabularies)
}

// Fields returns every field of the contract that declares rules, by full name.
func Fields() map[protoreflect.FullName]Field {
	return maps.Clone(loaded.fields)
}

// field returns the rules of field name of message m; a wrong name is a programming error.
func field(m proto.Message, name protoreflect.Name) Field {
	fd := m.ProtoReflect().Descriptor().Fields().ByName(name)
	if fd == nil {
		panic(fmt.Sprintf("vocab: %s has no field %s", m.ProtoReflect().Descriptor().FullName(), name))
	}
	return Of(fd)
}

// vocabulary returns the named vocabulary; a missing one is a programming error.
func vocabulary(name string) *Vocabulary {
	v := Lookup(name)
	if v == nil {
		panic("vocab: no vocabulary " + name)
	}
	return v
}

// The vocabularies of SPEC §3, in SPEC order.
var (
	// PropertyTypes are the property types (apartment, house, condo, student_housing, …).
	PropertyTypes = vocabulary("property_type")
	// Currencies are the 30 supported rent currencies.
	Currencies = vocabulary("currency")
	// AreaUnits are sqft and sqm.
	AreaUnits = vocabulary("area_unit")
	// Amenities are the amenity choices of a listing.
	Amenities = vocabulary("amenity")
	// ReviewTypes are the review types.
	ReviewTypes = vocabulary("review_type")
	// Languages are the review languages.
	Languages = vocabulary("language")
	// StayPeriods are the stay periods of a tenant's review of a property.
	StayPeriods = vocabulary("stay_period")
	// ReviewCategories are the thirteen aspects a review may cover.
	ReviewCategories = vocabulary("review_category")
	// ReportReasons are the reasons a review can be reported for.
	ReportReasons = vocabulary("report_reason")
	// ModerationDecisions are restore and remove.
	ModerationDecisions = vocabulary("moderation_decision")
	// SecurityQuestions are the fixed recovery questions, in display order.
	SecurityQuestions = vocabulary("security_question")
	// ResourceCategories are the resource categories.
	ResourceCategories = vocabulary("resource_category")
	// RegistrationRoles are the roles a person may register with (tenant and landlord).
	RegistrationRoles = vocabulary("registration_role")
	// VerifierRoles are the roles whose accounts may confirm a property (every role but admin).
	VerifierRoles = vocabulary("verifier_role")
	// VerificationAnswers are approved and rejected.
	VerificationAnswers = vocabulary("verification_answer")
)

// Property holds the rules of the add-property form (CreatePropertyRequest) and of the search.
var Property = struct {
	Title, Description, Address, Locality, City, State, ZipCode, Country Field
	Type, AreaUnit, Currency, Amenities, Images                          Field
	// SearchCity, SearchZipCode and SearchQuery bound SearchPropertiesRequest's text filters.
	SearchCity, SearchZipCode, SearchQuery Field
}{
	Title:         field(&propertyv1.CreatePropertyRequest{}, "title"),
	Description:   field(&propertyv1.CreatePropertyRequest{}, "description"),
	Address:       field(&propertyv1.CreatePropertyRequest{}, "address"),
	Locality:      field(&propertyv1.CreatePropertyRequest{}, "locality"),
	City:          field(&propertyv1.CreatePropertyRequest{}, "city"),
	State:         field(&propertyv1.CreatePropertyRequest{}, "state"),
	ZipCode:       field(&propertyv1.CreatePropertyRequest{}, "zip_code"),
	Country:       field(&propertyv1.CreatePropertyRequest{}, "country"),
	Type:          field(&propertyv1.CreatePropertyRequest{}, "property_type"),
	AreaUnit:      field(&propertyv1.CreatePropertyRequest{}, "area_unit"),
	Currency:      field(&propertyv1.CreatePropertyRequest{}, "currency"),
	Amenities:     field(&propertyv1.CreatePropertyRequest{}, "amenities"),
	Images:        field(&propertyv1.CreatePropertyRequest{}, "images"),
	SearchCity:    field(&propertyv1.SearchPropertiesRequest{}, "city"),
	SearchZipCode: field(&propertyv1.SearchPropertiesRequest{}, "zip_code"),
	SearchQuery:   field(&propertyv1.SearchPropertiesRequest{}, "query"),
}

// Review holds the rules of the review form (CreateReviewRequest), reports, owners' responses
// and moderation.
var Review = struct {
	Title, Content, Type, Language, Pros, Cons, Categories, Photos, StayPeriod Field
	// ReportReason and ReportDetail are ReportReviewRequest's.
	ReportReason, ReportDetail Field
	// Response is RespondToReviewRequest.content.
	Response Field
	// Decision and Note are ModerateReviewRequest's.
	Decision, Note Field
}{
	Title:        field(&reviewv1.CreateReviewRequest{}, "title"),
	Content:      field(&reviewv1.CreateReviewRequest{}, "content"),
	Type:         field(&reviewv1.CreateReviewRequest{}, "review_type"),
	Language:     field(&reviewv1.CreateReviewRequest{}, "language"),
	Pros:         field(&reviewv1.CreateReviewRequest{}, "pros"),
	Cons:         field(&reviewv1.CreateReviewRequest{}, "cons"),
	Categories:   field(&reviewv1.CreateReviewRequest{}, "categories"),
	Photos:       field(&reviewv1.CreateReviewRequest{}, "photos"),
	StayPeriod:   field(&reviewv1.CreateReviewRequest{}, "stay_period"),
	ReportReason: field(&reviewv1.ReportReviewRequest{}, "reason"),
	ReportDetail: field(&reviewv1.ReportReviewRequest{}, "detail"),
	Response:     field(&reviewv1.RespondToReviewRequest{}, "content"),
	Decision:     field(&reviewv1.ModerateReviewRequest{}, "decision"),
	Note:         field(&reviewv1.ModerateReviewRequest{}, "note"),
}

// Account holds the rules of registration, sign-in, security questions and recovery.
var Account = struct {
	Username, Email, Password, FirstName, LastName, Role Field
	// LoginIdentifier and LoginPassword are LoginRequest's.
	LoginIdentifier, LoginPassword Field
	// SecurityQuestion and SecurityAnswer are SetSecurityQuestionsRequest's (both questions and
	// both answers follow the same rules).
	SecurityQuestion, SecurityAnswer Field
	// RecoveryEmail and RecoveryUsername are FindAccountRequest's.
	RecoveryEmail, RecoveryUsername Field
	// RecoveryAnswer and NewPassword are ResetPasswordRequest's.
	RecoveryAnswer, NewPassword Field
}{
	Username:         field(&accountv1.RegisterRequest{}, "username"),
	Email:            field(&accountv1.RegisterRequest{}, "email"),
	Password:         field(&accountv1.RegisterRequest{}, "password"),
	FirstName:        field(&accountv1.RegisterRequest{}, "first_name"),
	LastName:         field(&accountv1.RegisterRequest{}, "last_name"),
	Role:             field(&accountv1.RegisterRequest{}, "role"),
	LoginIdentifier:  field(&accountv1.LoginRequest{}, "username"),
	LoginPassword:    field(&accountv1.LoginRequest{}, "password"),
	SecurityQuestion: field(&accountv1.SetSecurityQuestionsRequest{}, "security_question1"),
	SecurityAnswer:   field(&accountv1.SetSecurityQuestionsRequest{}, "security_answer1"),
	RecoveryEmail:    field(&accountv1.FindAccountRequest{}, "email"),
	RecoveryUsername: field(&accountv1.FindAccountRequest{}, "username"),
	RecoveryAnswer:   field(&accountv1.ResetPasswordRequest{}, "security_answer1"),
	NewPassword:      field(&accountv1.ResetPasswordRequest{}, "new_password"),
}

// Profile holds the rules of the Edit Profile form (UpdateProfileRequest).
var Profile = struct {
	FirstName, LastName, Bio, City, Country, Language Field
}{
	FirstName: field(&accountv1.UpdateProfileRequest{}, "first_name"),
	LastName:  field(&accountv1.UpdateProfileRequest{}, "last_name"),
	Bio:       field(&accountv1.UpdateProfileRequest{}, "bio"),
	City:      field(&accountv1.UpdateProfileRequest{}, "city"),
	Country:   field(&accountv1.UpdateProfileRequest{}, "country"),
	Language:  field(&accountv1.UpdateProfileRequest{}, "language"),
}

// Resource holds the rules of the resource library.
var Resource = struct {
	// Category is Resource.category; ListResourcesRequest.category takes the same values, or
	// empty or "all" for every category.
	Category Field
	// Query bounds ListResourcesRequest.query.
	Query Field
}{
	Category: field(&resourcev1.Resource{}, "category"),
	Query:    field(&resourcev1.ListResourcesRequest{}, "query"),
}

// Verification holds the rules of verification by people: the verifier search, requests, their
// answers and withdrawals.
var Verification = struct {
	// Role and Query are ListPotentialVerifiersRequest's.
	Role, Query Field
	// Notes (property page path), VerifierUsernames and Message (landlord path) are
	// CreateVerificationRequestRequest's.
	Notes, VerifierUsernames, Message Field
	// Answer and ResponseMessage are AnswerVerificationRequestRequest's.
	Answer, ResponseMessage Field
	// WithdrawReason is WithdrawVerificationRequest.reason.
	WithdrawReason Field
}{
	Role:              field(&verificationv1.ListPotentialVerifiersRequest{}, "role"),
	Query:             field(&verificationv1.ListPotentialVerifiersRequest{}, "query"),
	Notes:             field(&verificationv1.CreateVerificationRequestRequest{}, "notes"),
	VerifierUsernames: field(&verificationv1.CreateVerificationRequestRequest{}, "verifier_usernames"),
	Message:           field(&verificationv1.CreateVerificationRequestRequest{}, "message"),
	Answer:            field(&verificationv1.AnswerVerificationRequestRequest{}, "status"),
	ResponseMessage:   field(&verificationv1.AnswerVerificationRequestRequest{}, "response_message"),
	WithdrawReason:    field(&verificationv1.WithdrawVerificationRequest{}, "reason"),
}
