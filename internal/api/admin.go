package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/verifyqueue"
)

// Admin serves AdminService: the verification queue and the tenancy claims' queue.
type Admin struct {
	svc       *verifyqueue.Service
	tenancies *tenancy.Service
}

var _ adminv1connect.AdminServiceHandler = (*Admin)(nil)

// NewAdmin returns the AdminService handler over svc and tenancies.
func NewAdmin(svc *verifyqueue.Service, tenancies *tenancy.Service) *Admin {
	return &Admin{svc: svc, tenancies: tenancies}
}

// ListTenancyQueue lists the tenancy claims waiting for an administrator.
func (h *Admin) ListTenancyQueue(ctx context.Context, _ *connect.Request[adminv1.ListTenancyQueueRequest]) (*connect.Response[adminv1.ListTenancyQueueResponse], error) {
	list, err := h.tenancies.Queue(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.ListTenancyQueueResponse{Tenancies: tenanciesToProto(list)}), nil
}

// DecideTenancy approves or rejects a queued tenancy claim.
func (h *Admin) DecideTenancy(ctx context.Context, req *connect.Request[adminv1.DecideTenancyRequest]) (*connect.Response[adminv1.DecideTenancyResponse], error) {
	m := req.Msg
	t, err := h.tenancies.Decide(ctx, m.GetId(), m.GetApprove(), m.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.DecideTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// RevokeTenancy revokes a verified tenancy.
func (h *Admin) RevokeTenancy(ctx context.Context, req *connect.Request[adminv1.RevokeTenancyRequest]) (*connect.Response[adminv1.RevokeTenancyResponse], error) {
	t, err := h.tenancies.Revoke(ctx, req.Msg.GetId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.RevokeTenancyResponse{Tenancy: tenancyToProto(t)}), nil
}

// ListQueue lists the requests waiting for an administrator.
func (h *Admin) ListQueue(ctx context.Context, req *connect.Request[adminv1.ListQueueRequest]) (*connect.Response[adminv1.ListQueueResponse], error) {
	items, more, err := h.svc.Queue(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.QueueItem, len(items))
	for i, it := range items {
		out[i] = &adminv1.QueueItem{
			Kind: it.Kind, RequestId: it.RequestID, PropertyId: it.PropertyID, PropertyTitle: it.PropertyTitle,
			OwnerUsername: it.OwnerUsername, RequestedByUsername: it.RequestedByUsername, RequestedToUsername: it.RequestedToUsername,
			Message: it.Message, ResponseMessage: it.ResponseMessage, StatusReason: it.StatusReason, Status: it.Status,
			PaymentIntentId: it.PaymentIntentID, PaymentStatus: it.PaymentStatus, CreatedAt: timestamppb.New(it.CreatedAt),
			Documents: documentsToProto(it.Documents), Address: it.Address, CurrentAddress: it.CurrentAddress, AddressChanged: it.AddressChanged,
			PropertyType: it.PropertyType, DocumentsOnFile: documentsToProto(it.OnFile),
		}
	}
	return connect.NewResponse(&adminv1.ListQueueResponse{Items: out, HasMore: more}), nil
}

// DecideRequest approves or rejects a queued request.
func (h *Admin) DecideRequest(ctx context.Context, req *connect.Request[adminv1.DecideRequestRequest]) (*connect.Response[adminv1.DecideRequestResponse], error) {
	m := req.Msg
	d, err := h.svc.Decide(ctx, m.GetRequestId(), m.GetDecision(), m.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.DecideRequestResponse{
		Decision: decisionToProto(d.Decision), PropertyVerified: d.PropertyVerified, Refunded: d.Refunded,
	}), nil
}

// ListDecisions lists administrator decisions.
func (h *Admin) ListDecisions(ctx context.Context, req *connect.Request[adminv1.ListDecisionsRequest]) (*connect.Response[adminv1.ListDecisionsResponse], error) {
	m := req.Msg
	list, more, err := h.svc.Decisions(ctx, m.GetRequestId(), m.GetReviewId(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.Decision, len(list))
	for i, d := range list {
		out[i] = decisionToProto(d)
	}
	return connect.NewResponse(&adminv1.ListDecisionsResponse{Decisions: out, HasMore: more}), nil
}

// ListAnsweredRequests lists requests answered by the person asked.
func (h *Admin) ListAnsweredRequests(ctx context.Context, req *connect.Request[adminv1.ListAnsweredRequestsRequest]) (*connect.Response[adminv1.ListAnsweredRequestsResponse], error) {
	m := req.Msg
	list, more, err := h.svc.AnsweredRequests(ctx, m.GetUsername(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*adminv1.AnsweredRequest, len(list))
	for i, a := range list {
		out[i] = &adminv1.AnsweredRequest{
			RequestId: a.RequestID, PropertyId: a.PropertyID, PropertyTitle: a.PropertyTitle, OwnerUsername: a.OwnerUsername,
			RequestedByUsername: a.RequestedByUsername, RequestedToUsername: a.RequestedToUsername,
			Status: a.Status, StatusReason: a.StatusReason, Message: a.Message, ResponseMessage: a.ResponseMessage,
			RespondedAt: optionalTime(a.RespondedAt), ArrangedAt: optionalTime(a.ArrangedAt), TokensPaid: a.TokensPaid,
		}
	}
	return connect.NewResponse(&adminv1.ListAnsweredRequestsResponse{Requests: out, HasMore: more}), nil
}

// MarkRequestArranged marks an answered request as arranged and takes its rewards back.
func (h *Admin) MarkRequestArranged(ctx context.Context, req *connect.Request[adminv1.MarkRequestArrangedRequest]) (*connect.Response[adminv1.MarkRequestArrangedResponse], error) {
	a, err := h.svc.MarkArranged(ctx, req.Msg.GetRequestId(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.MarkRequestArrangedResponse{
		Decision: decisionToProto(a.Decision), TokensTakenBack: a.TokensTakenBack, VerificationWithdrawn: a.VerificationWithdrawn,
	}), nil
}

func documentsToProto(list []verifyqueue.Document) []*adminv1.Document {
	out := make([]*adminv1.Document, len(list))
	for i, d := range list {
		out[i] = &adminv1.Document{Url: d.URL, FileName: d.FileName, ContentType: d.ContentType, Bytes: d.Bytes, Deleted: d.Deleted, RequestId: d.RequestID}
	}
	return out
}

func decisionToProto(d verifyqueue.Decision) *adminv1.Decision {
	return &adminv1.Decision{
		Id: d.ID, AdminUsername: d.AdminUsername, RequestId: d.RequestID, ReviewId: d.ReviewID, PropertyId: d.PropertyID,
		Decision: d.Decision, Message: d.Message, CreatedAt: timestamppb.New(d.CreatedAt),
	}
}

// Documents serves DocumentService; the upload and the reading of documents are HTTP handlers
// over the same domain service (package rest).
type Documents struct{ svc *document.Service }

var _ adminv1connect.DocumentServiceHandler = (*Documents)(nil)

// NewDocuments returns the DocumentService handler over svc.
func NewDocuments(svc *document.Service) *Documents { return &Documents{svc: svc} }

// SubmitDirectVerification sends an owner's documents to the administrators.
func (h *Documents) SubmitDirectVerification(ctx context.Context, req *connect.Request[adminv1.SubmitDirectVerificationRequest]) (*connect.Response[adminv1.SubmitDirectVerificationResponse], error) {
	m := req.Msg
	s, err := h.svc.Submit(ctx, m.GetPropertyId(), m.GetDocumentUrls(), m.GetNotes())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.SubmitDirectVerificationResponse{RequestId: s.RequestID, Documents: int32(s.Documents)}), nil
}
