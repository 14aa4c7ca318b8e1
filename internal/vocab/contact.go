package vocab

import contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"

// Contact holds the rules of the contact form (SendContactMessageRequest) and of an
// administrator's reply (ReplyToContactMessageRequest).
var Contact = struct {
	Name, Email, Subject, Message, Reply Field
}{
	Name:    field(&contactv1.SendContactMessageRequest{}, "name"),
	Email:   field(&contactv1.SendContactMessageRequest{}, "email"),
	Subject: field(&contactv1.SendContactMessageRequest{}, "subject"),
	Message: field(&contactv1.SendContactMessageRequest{}, "message"),
	Reply:   field(&contactv1.ReplyToContactMessageRequest{}, "message"),
}
