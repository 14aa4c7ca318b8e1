// Package notify tells members what concerns them: an in-app notification and, when the member
// wants it, an email, both written in the transaction of the event (internal/mail's outbox).
package notify

import "encoding/json"

// Category is what a member turns email on or off for (users.notification_preferences).
type Category string

// The categories, in the order /settings › Notifications lists them.
const (
	VerificationRequests Category = "verification_requests" // asked to verify, and the answer
	PropertyBadges       Category = "property_badges"       // a property verified, or its badge withdrawn
	Tenancies            Category = "tenancies"             // tenancy claims: received, confirmed, sent to documents, decided
	Documents            Category = "documents"             // document and paid-check decisions, refunds
	ReviewResponses      Category = "review_responses"      // a response to your review
	Moderation           Category = "moderation"            // your review hidden, restored or removed; your report decided
	ContactReplies       Category = "contact_replies"       // an administrator answered your message
	LevelsBadges         Category = "levels_badges"         // a level or badge earned
	DataExports          Category = "data_exports"          // a copy of your data ready to download
	Enquiries            Category = "enquiries"             // a new enquiry, a reply, a viewing asked for, accepted, declined or cancelled
	SavedSearches        Category = "saved_searches"        // a new listing matches a saved search (internal/savedsearch: at most one email a day per search)
)

// CategoryInfo is a category as the settings page shows it.
type CategoryInfo struct {
	Category     Category
	Label        string
	Description  string
	EmailDefault bool // email on until the member says otherwise
}

// Categories lists every category with its label and default.
var Categories = []CategoryInfo{
	{VerificationRequests, "Verification requests", "When someone asks you to verify a property, and when your request is answered.", true},
	{PropertyBadges, "Property verification", "When your property is verified or its badge is withdrawn.", true},
	{Tenancies, "Tenancy claims", "Claims to have lived at your property, and decisions on your own claims.", true},
	{Documents, "Documents and payments", "Decisions on your documents and paid checks, and refunds.", true},
	{ReviewResponses, "Responses to your reviews", "When an owner responds to a review you wrote.", true},
	{Moderation, "Moderation", "When your review is hidden, restored or removed, and when your report is decided.", true},
	{ContactReplies, "Replies to your messages", "When an administrator answers a message you sent us.", true},
	{LevelsBadges, "Levels and badges", "When you reach a new level or earn a badge.", false},
	{DataExports, "Your data", "When a copy of your data you asked for is ready to download, or could not be made.", true},
	{Enquiries, "Enquiries and viewings", "When a member writes about your listing, a reply arrives, or a viewing is asked for, accepted, declined or cancelled.", true},
	{SavedSearches, "Saved search alerts", "When a new listing matches one of your saved searches: at most one email a day for each.", true},
}

// Preferences is users.notification_preferences: email on or off per category; a category not
// named keeps its default.
type Preferences struct {
	Email map[Category]bool `json:"email,omitempty"`
}

// ParsePreferences reads the stored column: a category whose stored value is a boolean has it;
// any other (none, null, a string, a column of the wrong shape) keeps its default, as the
// statement that writes notification email decides (CreateNotifications).
func ParsePreferences(raw []byte) Preferences {
	var stored struct {
		Email map[Category]json.RawMessage `json:"email"`
	}
	var p Preferences
	if len(raw) == 0 || json.Unmarshal(raw, &stored) != nil {
		return p
	}
	for c, v := range stored.Email {
		var on bool
		if string(v) != "null" && json.Unmarshal(v, &on) == nil {
			if p.Email == nil {
				p.Email = map[Category]bool{}
			}
			p.Email[c] = on
		}
	}
	return p
}

// WantsEmail says whether the member wants email for c.
func (p Preferences) WantsEmail(c Category) bool {
	if on, ok := p.Email[c]; ok {
		return on
	}
	return emailDefault(c)
}

// emailDefault is whether email of c is on for a member who never chose.
func emailDefault(c Category) bool {
	for _, info := range Categories {
		if info.Category == c {
			return info.EmailDefault
		}
	}
	return false
}

// EmailDefault is whether email of c is on for a member who never chose (for statements that
// apply the rule of CreateNotifications themselves: internal/savedsearch).
func EmailDefault(c Category) bool { return emailDefault(c) }
