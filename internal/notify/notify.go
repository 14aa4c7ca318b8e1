package notify

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/siteorigin"
)

// Individually is how many emails of one kind a member gets one by one in a UTC hour; the
// notifications past it are emailed together in one digest when the hour ends (Digest).
const Individually = 5

// unsubscribePurpose is the signing key of unsubscribe links.
const unsubscribePurpose = "unsubscribe"

// UnsubscribeValidity is how long an unsubscribe link keeps working: emails stay in inboxes.
const UnsubscribeValidity = 2 * 365 * 24 * time.Hour

// Notice is one thing a member is told: the in-app notification and, when the member wants it,
// its email.
type Notice struct {
	UserID   int32
	Category Category
	Kind     string // which event (verification_request, review_response, …)
	Title    string // the notification's title and the email's subject
	Body     string // one or two sentences
	Link     string // a same-origin path to the object ("/properties/3")
	// Email is what the email says beyond the title and body; optional (Heading defaults to
	// Title, the paragraphs to Body). Its action, reason and how to stop are filled in by Send.
	Email mail.Content
	// Action labels the email's link to the object ("View the request"); "" → "Open in RentProof".
	Action string
	// Attachment is a file the email carries (nil: none); the notification has no file.
	Attachment *mail.Attachment
}

// ErrBadNotice is a notice that cannot be written (no title, or a link that is not a path).
var ErrBadNotice = errors.New("bad notice")

// Send writes n's notification in the caller's transaction tx and, when the member wants email
// for its category, their address is verified and the notice is among the first Individually of
// its kind this hour, its email to the outbox, compact (the sender renders it): one statement. A
// notice past the fifth waits for the hour's digest (Digest). Nothing is written if tx rolls back.
func Send(ctx context.Context, tx *db.Queries, n Notice) error {
	return SendEach(ctx, tx, []int32{n.UserID}, n)
}

// SendEach is Send of the same notice to each of userIDs (n.UserID is ignored): one statement
// writes every notification and every email.
func SendEach(ctx context.Context, tx *db.Queries, userIDs []int32, n Notice) error {
	if len(userIDs) == 0 || !writesNotices {
		return nil
	}
	if err := check(&n); err != nil {
		return err
	}
	origin := siteorigin.From(ctx)
	email, err := mail.EncodeCompact(content(n, origin), origin)
	if err != nil {
		return fmt.Errorf("notify %s: %w", n.Kind, err)
	}
	return create(ctx, tx, userIDs, n, email)
}

// Reply is an administrator's hand-written answer to someone who wrote to us (a contact
// message): emailed to the address they wrote from, to as they typed it, and, when they were
// signed in (userID not 0), an in-app notification too. Unlike Send it neither needs a verified
// address nor collapses into a digest: the person asked for this answer, and an administrator
// writes each one. A member who turned n's category off gets the notification without the email.
// Only a reply to the member's own verified address is written as their mail (with their
// unsubscribe link); any other address gets it as a visitor would, since the sender delivers a
// member's mail to their verified address alone and that inbox is not the account's to unsubscribe.
func Reply(ctx context.Context, tx *db.Queries, userID int32, to string, n Notice) error {
	if err := check(&n); err != nil {
		return err
	}
	origin := siteorigin.From(ctx)
	if userID == 0 {
		return replyAsVisitor(ctx, tx, to, n, origin)
	}
	if err := create(ctx, tx, []int32{userID}, n, nil); err != nil {
		return err
	}
	member, err := tx.GetReplyRecipient(ctx, userID)
	if err != nil {
		return fmt.Errorf("reply recipient %d: %w", userID, err)
	}
	if !ParsePreferences(member.NotificationPreferences).WantsEmail(n.Category) {
		return nil
	}
	if member.EmailVerifiedAt == nil || !strings.EqualFold(strings.TrimSpace(member.Email), strings.TrimSpace(to)) {
		return replyAsVisitor(ctx, tx, to, n, origin)
	}
	return enqueue(ctx, tx, userID, to, n.Category, n.Kind, n.Title, content(n, origin), origin, n.Attachment)
}

// replyAsVisitor emails Reply's answer to to as nobody's account mail: rendered now, no
// unsubscribe link (the address is on no list).
func replyAsVisitor(ctx context.Context, tx *db.Queries, to string, n Notice, origin string) error {
	c := content(n, origin)
	c.Reason = "You are getting this email because you wrote to RentProof with our contact form."
	c.Stop = "We write to this address only to answer a message sent from it: it is on no list."
	_, err := mail.Enqueue(ctx, tx, mail.Message{To: to, Category: string(n.Category), Kind: n.Kind, Subject: n.Title, Content: c, Attachment: n.Attachment})
	return err
}

// check refuses a notice that cannot be written and clips it to the columns.
func check(n *Notice) error {
	if strings.TrimSpace(n.Title) == "" || !isPath(n.Link) {
		return fmt.Errorf("%w: %s", ErrBadNotice, n.Kind)
	}
	n.Title, n.Body = clip(n.Title, 200), clip(n.Body, 2000)
	return nil
}

// create writes n's notification to each of userIDs and, when email (a compact email's content)
// is given, its email to each of them who gets one (CreateNotifications says who).
func create(ctx context.Context, tx *db.Queries, userIDs []int32, n Notice, email []byte) error {
	p := db.CreateNotificationsParams{
		UserIds: userIDs, Kind: n.Kind, Category: string(n.Category), Title: n.Title, Body: n.Body, Link: n.Link,
		Email: email, Individually: Individually, EmailDefault: emailDefault(n.Category),
	}
	if email != nil {
		p.AttachmentName, p.AttachmentType, p.Attachment = attached(n.Attachment)
	}
	err := tx.CreateNotifications(ctx, p)
	if err != nil {
		return fmt.Errorf("notify %v of %s: %w", userIDs, n.Kind, err)
	}
	return nil
}

// content is n's email before its reason and how to stop: n.Email, its heading and paragraphs
// defaulting to n's title and body, with the action linking to n's object.
func content(n Notice, origin string) mail.Content {
	c := n.Email
	if c.Heading == "" {
		c.Heading = n.Title
	}
	if len(c.Paragraphs) == 0 && n.Body != "" {
		c.Paragraphs = []string{n.Body}
	}
	label := n.Action
	if label == "" {
		label = "Open in RentProof"
	}
	c.Action = &mail.Action{Label: label, URL: origin + n.Link}
	return c
}

// emails says whether a member with these columns gets email of category c.
func emails(verifiedAt *time.Time, prefs []byte, c Category) bool {
	return verifiedAt != nil && ParsePreferences(prefs).WantsEmail(c)
}

// enqueue writes one email of category c to member userID at address to, compact: the sender adds
// the footer (Footer) when it renders it.
func enqueue(ctx context.Context, tx *db.Queries, userID int32, to string, c Category, kind, subject string, content mail.Content, origin string, attachment *mail.Attachment) error {
	body, err := mail.EncodeCompact(content, origin)
	if err != nil {
		return fmt.Errorf("email %s: %w", kind, err)
	}
	p := db.EnqueueCompactEmailParams{
		UserID: &userID, ToAddress: to, Category: string(c), Kind: kind, Subject: clip(subject, 200), Content: body,
	}
	p.AttachmentName, p.AttachmentType, p.Attachment = attached(attachment)
	if _, err := tx.EnqueueCompactEmail(ctx, p); err != nil {
		return fmt.Errorf("enqueue %s email: %w", kind, err)
	}
	return nil
}

// attached is a's outbox columns (all nil without one).
func attached(a *mail.Attachment) (name, contentType *string, data []byte) {
	if a == nil {
		return nil, nil, nil
	}
	return &a.Name, &a.ContentType, a.Data
}

// Footer is the footer of every notification email (mail.Footer, which the sender calls as it
// renders one): why the member gets it, how to stop (the settings page and their one-click
// unsubscribe link), and that link. A saved search's email (its Topic) links to stopping that
// search's alerts alone.
func Footer(ctx context.Context, q *db.Queries, userID int32, category string, c *mail.Compact) (string, error) {
	key, err := UnsubscribeKey(ctx, q)
	if err != nil {
		return "", err
	}
	u := Unsubscription{UserID: userID, Category: Category(category)}
	if u.Category == SavedSearches {
		u.Topic = c.Topic
	}
	unsubscribe, origin, label := UnsubscribeURL(c.Origin, key, u), c.Origin, Label(u.Category)
	c.Reason = fmt.Sprintf("You are getting this email because email for “%s” is on for your RentProof account.", label)
	c.Stop = fmt.Sprintf("To stop these emails, turn “%s” off in your settings at %s/settings, or unsubscribe with one click:", label, origin)
	if u.Topic != 0 {
		c.Reason = fmt.Sprintf("You are getting this email because you saved this search with alerts on, and email for “%s” is on for your RentProof account.", label)
		c.Stop = fmt.Sprintf("To stop alerts for this saved search alone, use this one-click link (or turn “%s” email off in your settings at %s/settings):", label, origin)
	}
	c.StopURL = unsubscribe
	return unsubscribe, nil
}

// Label is c's label on the settings page (the category's name when it has none).
func Label(c Category) string {
	for _, info := range Categories {
		if info.Category == c {
			return info.Label
		}
	}
	return string(c)
}

// UnsubscribeKey opens the key unsubscribe links are signed with.
func UnsubscribeKey(ctx context.Context, q *db.Queries) (*signing.Key, error) {
	return signing.Open(ctx, q, unsubscribePurpose)
}

// Unsubscription is what an unsubscribe link stops: a member's email of one category or, with a
// Topic, the alerts of one saved search (category SavedSearches, Topic its id).
type Unsubscription struct {
	UserID   int32
	Category Category
	Topic    int64 // 0: the whole category's email
}

// UnsubscribeURL is u's one-click unsubscribe link: origin/unsubscribe?token=…, where GET shows a
// confirmation and POST (RFC 8058) unsubscribes. The token carries u, signed, for
// UnsubscribeValidity.
func UnsubscribeURL(origin string, key *signing.Key, u Unsubscription) string {
	parts := []string{strconv.Itoa(int(u.UserID)), string(u.Category)}
	if u.Topic != 0 {
		parts = append(parts, strconv.FormatInt(u.Topic, 10))
	}
	token := key.Sign(time.Now().Add(UnsubscribeValidity), parts...)
	return strings.TrimRight(origin, "/") + "/unsubscribe?token=" + url.QueryEscape(token)
}

// ParseUnsubscribe checks an unsubscribe token (the token parameter of UnsubscribeURL) and returns
// what it unsubscribes; signing.ErrInvalid or signing.ErrExpired otherwise (a token for a
// category that no longer exists, or a topic of a category that has none, is invalid).
func ParseUnsubscribe(key *signing.Key, token string) (Unsubscription, error) {
	parts, err := key.Verify(token, time.Now())
	if err != nil {
		return Unsubscription{}, err
	}
	if len(parts) != 2 && len(parts) != 3 {
		return Unsubscription{}, signing.ErrInvalid
	}
	id, err := strconv.ParseInt(parts[0], 10, 32)
	if err != nil || id <= 0 || !Known(Category(parts[1])) {
		return Unsubscription{}, signing.ErrInvalid
	}
	u := Unsubscription{UserID: int32(id), Category: Category(parts[1])}
	if len(parts) == 3 {
		topic, err := strconv.ParseInt(parts[2], 10, 64)
		if err != nil || topic <= 0 || u.Category != SavedSearches {
			return Unsubscription{}, signing.ErrInvalid
		}
		u.Topic = topic
	}
	return u, nil
}

// Known says whether c is one of Categories.
func Known(c Category) bool {
	for _, info := range Categories {
		if info.Category == c {
			return true
		}
	}
	return false
}

// isPath is a same-origin path ("/x", never "//host" or "/\host"), as notifications.link checks.
func isPath(link string) bool {
	return len(link) >= 2 && link[0] == '/' && link[1] != '/' && link[1] != '\\'
}

// clip shortens s to at most n characters (runes), keeping it valid UTF-8.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
