package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
	"github.com/rentproof/rentproof/internal/contact"
)

// Contact serves ContactService.
type Contact struct{ svc *contact.Service }

var _ contactv1connect.ContactServiceHandler = (*Contact)(nil)

// NewContact returns the ContactService handler over svc.
func NewContact(svc *contact.Service) *Contact { return &Contact{svc: svc} }

// SendContactMessage stores a message sent with the contact form.
func (h *Contact) SendContactMessage(ctx context.Context, req *connect.Request[contactv1.SendContactMessageRequest]) (*connect.Response[contactv1.SendContactMessageResponse], error) {
	m := req.Msg
	err := h.svc.Send(ctx, contact.Form{
		Name: m.GetName(), Email: m.GetEmail(), Subject: m.GetSubject(), Message: m.GetMessage(), Website: m.GetWebsite(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&contactv1.SendContactMessageResponse{}), nil
}

// ListContactMessages lists messages for administrators.
func (h *Contact) ListContactMessages(ctx context.Context, req *connect.Request[contactv1.ListContactMessagesRequest]) (*connect.Response[contactv1.ListContactMessagesResponse], error) {
	m := req.Msg
	page, err := h.svc.List(ctx, m.GetIncludeHandled(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*contactv1.ContactMessage, len(page.Messages))
	for i, msg := range page.Messages {
		out[i] = contactMessageToProto(msg)
	}
	return connect.NewResponse(&contactv1.ListContactMessagesResponse{Messages: out, Total: page.Total, Open: page.Open}), nil
}

// MarkContactMessageHandled marks a message handled or open again.
func (h *Contact) MarkContactMessageHandled(ctx context.Context, req *connect.Request[contactv1.MarkContactMessageHandledRequest]) (*connect.Response[contactv1.MarkContactMessageHandledResponse], error) {
	msg, err := h.svc.MarkHandled(ctx, req.Msg.GetId(), req.Msg.GetHandled())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&contactv1.MarkContactMessageHandledResponse{Message: contactMessageToProto(msg)}), nil
}

// ReplyToContactMessage answers a message (administrators only).
func (h *Contact) ReplyToContactMessage(ctx context.Context, req *connect.Request[contactv1.ReplyToContactMessageRequest]) (*connect.Response[contactv1.ReplyToContactMessageResponse], error) {
	msg, err := h.svc.Reply(ctx, req.Msg.GetId(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&contactv1.ReplyToContactMessageResponse{Message: contactMessageToProto(msg)}), nil
}

func contactMessageToProto(m contact.Message) *contactv1.ContactMessage {
	return &contactv1.ContactMessage{
		Id: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Message, UserId: int64(m.UserID),
		CreatedAt: timestamppb.New(m.CreatedAt), Handled: m.Handled(), HandledBy: m.HandledBy, HandledAt: optionalTime(m.HandledAt),
		Replies: m.Replies,
	}
}
