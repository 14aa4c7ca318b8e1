package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/gen/rentproof/enquiry/v1/enquiryv1connect"
	"github.com/rentproof/rentproof/internal/enquiry"
)

// Enquiry serves EnquiryService and /admin's EnquiryReportService.
type Enquiry struct{ svc *enquiry.Service }

var (
	_ enquiryv1connect.EnquiryServiceHandler     = (*Enquiry)(nil)
	_ adminv1connect.EnquiryReportServiceHandler = (*Enquiry)(nil)
)

// NewEnquiry returns the EnquiryService and EnquiryReportService handler over svc.
func NewEnquiry(svc *enquiry.Service) *Enquiry { return &Enquiry{svc: svc} }

// Calendar is an accepted viewing's calendar file, for its two members (the REST download).
func (h *Enquiry) Calendar(ctx context.Context, viewingID int64) ([]byte, error) {
	return h.svc.Calendar(ctx, viewingID)
}

// StartEnquiry writes to a listing's owner.
func (h *Enquiry) StartEnquiry(ctx context.Context, req *connect.Request[enquiryv1.StartEnquiryRequest]) (*connect.Response[enquiryv1.StartEnquiryResponse], error) {
	m := req.Msg
	t, err := h.svc.StartEnquiry(ctx, enquiry.Start{
		PropertyID: m.GetPropertyId(), Message: m.GetMessage(), MoveInMonth: m.GetMoveInMonth(), Occupants: m.GetOccupants(),
		ViewingTimes: m.GetViewingTimes(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.StartEnquiryResponse{Thread: threadToProto(t)}), nil
}

// ListMyEnquiries lists the caller's own enquiries.
func (h *Enquiry) ListMyEnquiries(ctx context.Context, req *connect.Request[enquiryv1.ListMyEnquiriesRequest]) (*connect.Response[enquiryv1.ListMyEnquiriesResponse], error) {
	p, err := h.svc.ListMine(ctx, req.Msg.GetPage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.ListMyEnquiriesResponse{Threads: threadsToProto(p.Threads), HasMore: p.HasMore, UnreadThreads: p.UnreadThreads}), nil
}

// ListReceivedEnquiries lists the enquiries about the caller's listings.
func (h *Enquiry) ListReceivedEnquiries(ctx context.Context, req *connect.Request[enquiryv1.ListReceivedEnquiriesRequest]) (*connect.Response[enquiryv1.ListReceivedEnquiriesResponse], error) {
	p, err := h.svc.ListReceived(ctx, req.Msg.GetPropertyId(), req.Msg.GetPage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.ListReceivedEnquiriesResponse{Threads: threadsToProto(p.Threads), HasMore: p.HasMore, UnreadThreads: p.UnreadThreads}), nil
}

// GetThread is one thread with its messages and viewings.
func (h *Enquiry) GetThread(ctx context.Context, req *connect.Request[enquiryv1.GetThreadRequest]) (*connect.Response[enquiryv1.GetThreadResponse], error) {
	f, err := h.svc.GetThread(ctx, req.Msg.GetThreadId(), enquiry.Window{Before: req.Msg.GetBeforeMessageId(), Since: req.Msg.GetSinceMessageId()})
	if err != nil {
		return nil, err
	}
	out := &enquiryv1.GetThreadResponse{Thread: threadToProto(f.Thread), HasEarlier: f.HasEarlier}
	for _, m := range f.Messages {
		out.Messages = append(out.Messages, messageToProto(m))
	}
	for _, v := range f.Viewings {
		out.Viewings = append(out.Viewings, viewingToProto(v))
	}
	return connect.NewResponse(out), nil
}

// MarkThreadRead records that the caller read the thread.
func (h *Enquiry) MarkThreadRead(ctx context.Context, req *connect.Request[enquiryv1.MarkThreadReadRequest]) (*connect.Response[enquiryv1.MarkThreadReadResponse], error) {
	if err := h.svc.MarkRead(ctx, req.Msg.GetThreadId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.MarkThreadReadResponse{}), nil
}

// SendMessage replies in a thread.
func (h *Enquiry) SendMessage(ctx context.Context, req *connect.Request[enquiryv1.SendMessageRequest]) (*connect.Response[enquiryv1.SendMessageResponse], error) {
	m, err := h.svc.SendMessage(ctx, req.Msg.GetThreadId(), req.Msg.GetBody())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.SendMessageResponse{Message: messageToProto(m)}), nil
}

// CloseThread closes a thread.
func (h *Enquiry) CloseThread(ctx context.Context, req *connect.Request[enquiryv1.CloseThreadRequest]) (*connect.Response[enquiryv1.CloseThreadResponse], error) {
	t, err := h.svc.CloseThread(ctx, req.Msg.GetThreadId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.CloseThreadResponse{Thread: threadToProto(t)}), nil
}

// RequestViewing asks for a viewing in a thread.
func (h *Enquiry) RequestViewing(ctx context.Context, req *connect.Request[enquiryv1.RequestViewingRequest]) (*connect.Response[enquiryv1.RequestViewingResponse], error) {
	v, err := h.svc.RequestViewing(ctx, req.Msg.GetThreadId(), req.Msg.GetTimes(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.RequestViewingResponse{Viewing: viewingToProto(v)}), nil
}

// AcceptViewingTime accepts one proposed time.
func (h *Enquiry) AcceptViewingTime(ctx context.Context, req *connect.Request[enquiryv1.AcceptViewingTimeRequest]) (*connect.Response[enquiryv1.AcceptViewingTimeResponse], error) {
	v, err := h.svc.AcceptViewingTime(ctx, req.Msg.GetViewingId(), req.Msg.GetTimeId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.AcceptViewingTimeResponse{Viewing: viewingToProto(v)}), nil
}

// DeclineViewing declines a viewing.
func (h *Enquiry) DeclineViewing(ctx context.Context, req *connect.Request[enquiryv1.DeclineViewingRequest]) (*connect.Response[enquiryv1.DeclineViewingResponse], error) {
	v, err := h.svc.DeclineViewing(ctx, req.Msg.GetViewingId(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.DeclineViewingResponse{Viewing: viewingToProto(v)}), nil
}

// CancelViewing cancels a viewing.
func (h *Enquiry) CancelViewing(ctx context.Context, req *connect.Request[enquiryv1.CancelViewingRequest]) (*connect.Response[enquiryv1.CancelViewingResponse], error) {
	v, err := h.svc.CancelViewing(ctx, req.Msg.GetViewingId(), req.Msg.GetMessage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.CancelViewingResponse{Viewing: viewingToProto(v)}), nil
}

// BlockSender blocks the thread's other member.
func (h *Enquiry) BlockSender(ctx context.Context, req *connect.Request[enquiryv1.BlockSenderRequest]) (*connect.Response[enquiryv1.BlockSenderResponse], error) {
	t, err := h.svc.BlockSender(ctx, req.Msg.GetThreadId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.BlockSenderResponse{Thread: threadToProto(t)}), nil
}

// ReportThread reports a thread to the administrators.
func (h *Enquiry) ReportThread(ctx context.Context, req *connect.Request[enquiryv1.ReportThreadRequest]) (*connect.Response[enquiryv1.ReportThreadResponse], error) {
	if err := h.svc.ReportThread(ctx, req.Msg.GetThreadId(), req.Msg.GetReason(), req.Msg.GetNote()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&enquiryv1.ReportThreadResponse{}), nil
}

// ListReportedThreads lists reported threads for administrators.
func (h *Enquiry) ListReportedThreads(ctx context.Context, _ *connect.Request[adminv1.ListReportedThreadsRequest]) (*connect.Response[adminv1.ListReportedThreadsResponse], error) {
	list, err := h.svc.ListReported(ctx)
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListReportedThreadsResponse{}
	for _, t := range list {
		r := &adminv1.ReportedThread{
			ThreadId: t.ThreadID, PropertyId: t.PropertyID, PropertyTitle: t.PropertyTitle,
			EnquirerUsername: t.EnquirerName, OwnerUsername: t.OwnerName,
		}
		for _, rep := range t.Reports {
			r.Reports = append(r.Reports, &adminv1.ThreadReport{Reason: rep.Reason, Note: rep.Note, ReporterUsername: rep.Reporter, ReportedAt: timestamppb.New(rep.ReportedAt)})
		}
		for _, m := range t.Messages {
			r.Messages = append(r.Messages, &adminv1.ReportedMessage{AuthorUsername: m.Author, Body: m.Body, SentAt: timestamppb.New(m.SentAt)})
		}
		out.Threads = append(out.Threads, r)
	}
	return connect.NewResponse(out), nil
}

// HandleThreadReports marks a thread's open reports handled.
func (h *Enquiry) HandleThreadReports(ctx context.Context, req *connect.Request[adminv1.HandleThreadReportsRequest]) (*connect.Response[adminv1.HandleThreadReportsResponse], error) {
	if err := h.svc.HandleReports(ctx, req.Msg.GetThreadId(), req.Msg.GetNote()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.HandleThreadReportsResponse{}), nil
}

func threadsToProto(list []enquiry.Thread) []*enquiryv1.Thread {
	out := make([]*enquiryv1.Thread, len(list))
	for i, t := range list {
		out[i] = threadToProto(t)
	}
	return out
}

func threadToProto(t enquiry.Thread) *enquiryv1.Thread {
	l := t.Listing
	return &enquiryv1.Thread{
		Id: t.ID, Role: t.Role, Status: t.Status, ClosedReason: t.ClosedReason,
		Listing: &enquiryv1.Listing{
			PropertyId: l.PropertyID, Title: l.Title, Image: l.Image, City: l.City, Verified: l.Verified,
			VerificationMethod: l.VerificationMethod, TimeZone: l.TimeZone, Active: l.Active,
		},
		Other:       &enquiryv1.Party{UserId: t.Other.UserID, Name: t.Other.Name, ProfileImage: t.Other.ProfileImage},
		MoveInMonth: t.MoveInMonth, Occupants: t.Occupants,
		CreatedAt: timestamppb.New(t.CreatedAt), LastMessageAt: timestamppb.New(t.LastMessageAt), LastMessage: t.LastMessage,
		Unread: t.Unread, PendingViewing: t.PendingViewing,
	}
}

func messageToProto(m enquiry.Message) *enquiryv1.Message {
	return &enquiryv1.Message{Id: m.ID, Author: m.Author, Body: m.Body, SentAt: timestamppb.New(m.SentAt), ReadAt: optionalTime(m.ReadAt)}
}

func viewingToProto(v enquiry.Viewing) *enquiryv1.Viewing {
	out := &enquiryv1.Viewing{
		Id: v.ID, Status: v.Status, TimeZone: v.TimeZone, Message: v.Message, CancelledBy: v.CancelledBy,
		CalendarUrl: v.CalendarURL, CreatedAt: timestamppb.New(v.CreatedAt),
	}
	for _, t := range v.Times {
		out.Times = append(out.Times, &enquiryv1.ViewingTime{Id: t.ID, StartsAt: timestamppb.New(t.StartsAt), Local: t.Local, Accepted: t.Accepted})
	}
	return out
}
