package rest

import (
	"net/http"

	contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
)

// ContactRPCs serve the contact form's path.
type ContactRPCs = contactv1connect.ContactServiceHandler

// routeContact serves the contact form for older clients (SPEC's form made no call; issue 17
// stores messages).
func routeContact(mux *http.ServeMux, rpcs ContactRPCs) {
	// POST /api/contact: {name, email, subject, message, website}; answers {success: true}, also
	// for a filled honeypot (website). 400 with the field messages, 429 past the limit.
	mux.HandleFunc("POST /api/contact", func(w http.ResponseWriter, r *http.Request) {
		var req contactv1.SendContactMessageRequest
		if decode(w, r, &req) {
			call(w, r, contactv1connect.ContactServiceSendContactMessageProcedure, &req, rpcs.SendContactMessage,
				func(*contactv1.SendContactMessageResponse) any { return success{true} })
		}
	})
}
