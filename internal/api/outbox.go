package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/mail"
)

// Outbox serves OutboxService: undelivered email and resends.
type Outbox struct{ svc *mail.Admin }

var _ adminv1connect.OutboxServiceHandler = (*Outbox)(nil)

// NewOutbox returns the OutboxService handler over svc.
func NewOutbox(svc *mail.Admin) *Outbox { return &Outbox{svc: svc} }

// ListUndeliveredEmails lists dead and withheld email.
func (h *Outbox) ListUndeliveredEmails(ctx context.Context, req *connect.Request[adminv1.ListUndeliveredEmailsRequest]) (*connect.Response[adminv1.ListUndeliveredEmailsResponse], error) {
	page, err := h.svc.Undelivered(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.UndeliveredEmail, len(page.Emails))
	for i, e := range page.Emails {
		out[i] = &adminv1.UndeliveredEmail{
			Id: e.ID, To: e.To, Subject: e.Subject, Category: e.Category, Kind: e.Kind, Status: e.Status, Attempts: e.Attempts,
			LastError: e.LastError, CreatedAt: timestamppb.New(e.CreatedAt), FailedAt: timestamppb.New(e.FailedAt),
			ResentAt: optionalTime(e.ResentAt), ResentBy: e.ResentBy,
		}
	}
	return connect.NewResponse(&adminv1.ListUndeliveredEmailsResponse{Emails: out, Dead: page.Dead, Withheld: page.Withheld, HasMore: page.HasMore}), nil
}

// ResendEmail puts a dead email back in the outbox.
func (h *Outbox) ResendEmail(ctx context.Context, req *connect.Request[adminv1.ResendEmailRequest]) (*connect.Response[adminv1.ResendEmailResponse], error) {
	if err := h.svc.Resend(ctx, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.ResendEmailResponse{}), nil
}
