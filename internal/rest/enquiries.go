package rest

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"

	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	"github.com/rentproof/rentproof/gen/rentproof/enquiry/v1/enquiryv1connect"
	"github.com/rentproof/rentproof/internal/rpc"
)

// EnquiryRPCs serve the enquiry paths, and the calendar file of an accepted viewing.
type EnquiryRPCs interface {
	enquiryv1connect.EnquiryServiceHandler
	// Calendar is an accepted viewing's .ics file, for its thread's two members only.
	Calendar(ctx context.Context, viewingID int64) ([]byte, error)
}

// pathID64 reads the path's positive int64 {id}, answering 400 when it is not one.
func pathID64(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		writeMessage(w, http.StatusBadRequest, "Invalid id")
		return 0, false
	}
	return id, true
}

// routeEnquiries serves enquiries and viewings (issue 31) to older clients. Each answer is the
// rpc's response in lowerCamelCase JSON; a thread or viewing the caller is not a member of is a
// 404, as one that does not exist.
func routeEnquiries(mux *http.ServeMux, rpcs EnquiryRPCs) {
	if rpcs == nil {
		return
	}
	// POST /api/properties/{id}/enquiries: {message, moveInMonth, occupants, viewingTimes}; answers {thread}.
	mux.HandleFunc("POST /api/properties/{id}/enquiries", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "id")
		var req enquiryv1.StartEnquiryRequest
		if ok && decode(w, r, &req) {
			req.PropertyId = id
			call(w, r, enquiryv1connect.EnquiryServiceStartEnquiryProcedure, &req, rpcs.StartEnquiry,
				func(res *enquiryv1.StartEnquiryResponse) any { return message(res) })
		}
	})
	// GET /api/user/enquiries?page=: the caller's own enquiries {threads, hasMore, unreadThreads}.
	mux.HandleFunc("GET /api/user/enquiries", func(w http.ResponseWriter, r *http.Request) {
		page, ok := queryInt(w, r.URL.Query().Get("page"), "page")
		if ok {
			call(w, r, enquiryv1connect.EnquiryServiceListMyEnquiriesProcedure, &enquiryv1.ListMyEnquiriesRequest{Page: page}, rpcs.ListMyEnquiries,
				func(res *enquiryv1.ListMyEnquiriesResponse) any { return message(res) })
		}
	})
	// GET /api/user/enquiries/received?propertyId=&page=: the enquiries about the caller's listings.
	mux.HandleFunc("GET /api/user/enquiries/received", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		property, ok := queryInt(w, q.Get("propertyId"), "propertyId")
		if !ok {
			return
		}
		page, ok := queryInt(w, q.Get("page"), "page")
		if ok {
			call(w, r, enquiryv1connect.EnquiryServiceListReceivedEnquiriesProcedure,
				&enquiryv1.ListReceivedEnquiriesRequest{PropertyId: property, Page: page}, rpcs.ListReceivedEnquiries,
				func(res *enquiryv1.ListReceivedEnquiriesResponse) any { return message(res) })
		}
	})
	// GET /api/enquiries/{id}?before=&since=: the thread {thread, messages, viewings, hasEarlier},
	// its latest messages, or those before message `before`, or every one from message `since` on.
	mux.HandleFunc("GET /api/enquiries/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		req, q := &enquiryv1.GetThreadRequest{ThreadId: id}, r.URL.Query()
		if ok {
			req.BeforeMessageId, ok = queryInt64(w, q.Get("before"), "before")
		}
		if ok {
			req.SinceMessageId, ok = queryInt64(w, q.Get("since"), "since")
		}
		if ok {
			call(w, r, enquiryv1connect.EnquiryServiceGetThreadProcedure, req, rpcs.GetThread,
				func(res *enquiryv1.GetThreadResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/{id}/messages: {body}; answers {message}.
	mux.HandleFunc("POST /api/enquiries/{id}/messages", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.SendMessageRequest
		if ok && decode(w, r, &req) {
			req.ThreadId = id
			call(w, r, enquiryv1connect.EnquiryServiceSendMessageProcedure, &req, rpcs.SendMessage,
				func(res *enquiryv1.SendMessageResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/{id}/read: answers {success: true}.
	mux.HandleFunc("POST /api/enquiries/{id}/read", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID64(w, r); ok {
			call(w, r, enquiryv1connect.EnquiryServiceMarkThreadReadProcedure, &enquiryv1.MarkThreadReadRequest{ThreadId: id}, rpcs.MarkThreadRead,
				func(*enquiryv1.MarkThreadReadResponse) any { return success{true} })
		}
	})
	// POST /api/enquiries/{id}/close: answers {thread}.
	mux.HandleFunc("POST /api/enquiries/{id}/close", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID64(w, r); ok {
			call(w, r, enquiryv1connect.EnquiryServiceCloseThreadProcedure, &enquiryv1.CloseThreadRequest{ThreadId: id}, rpcs.CloseThread,
				func(res *enquiryv1.CloseThreadResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/{id}/block: the owner blocks the thread's enquirer; answers {thread}.
	mux.HandleFunc("POST /api/enquiries/{id}/block", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := pathID64(w, r); ok {
			call(w, r, enquiryv1connect.EnquiryServiceBlockSenderProcedure, &enquiryv1.BlockSenderRequest{ThreadId: id}, rpcs.BlockSender,
				func(res *enquiryv1.BlockSenderResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/{id}/report: {reason, note}; answers {success: true}.
	mux.HandleFunc("POST /api/enquiries/{id}/report", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.ReportThreadRequest
		if ok && decode(w, r, &req) {
			req.ThreadId = id
			call(w, r, enquiryv1connect.EnquiryServiceReportThreadProcedure, &req, rpcs.ReportThread,
				func(*enquiryv1.ReportThreadResponse) any { return success{true} })
		}
	})
	// POST /api/enquiries/{id}/viewings: {times, message}; answers {viewing}.
	mux.HandleFunc("POST /api/enquiries/{id}/viewings", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.RequestViewingRequest
		if ok && decode(w, r, &req) {
			req.ThreadId = id
			call(w, r, enquiryv1connect.EnquiryServiceRequestViewingProcedure, &req, rpcs.RequestViewing,
				func(res *enquiryv1.RequestViewingResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/viewings/{id}/accept: {timeId}; answers {viewing}.
	mux.HandleFunc("POST /api/enquiries/viewings/{id}/accept", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.AcceptViewingTimeRequest
		if ok && decode(w, r, &req) {
			req.ViewingId = id
			call(w, r, enquiryv1connect.EnquiryServiceAcceptViewingTimeProcedure, &req, rpcs.AcceptViewingTime,
				func(res *enquiryv1.AcceptViewingTimeResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/viewings/{id}/decline: {message}; answers {viewing}.
	mux.HandleFunc("POST /api/enquiries/viewings/{id}/decline", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.DeclineViewingRequest
		if ok && decode(w, r, &req) {
			req.ViewingId = id
			call(w, r, enquiryv1connect.EnquiryServiceDeclineViewingProcedure, &req, rpcs.DeclineViewing,
				func(res *enquiryv1.DeclineViewingResponse) any { return message(res) })
		}
	})
	// POST /api/enquiries/viewings/{id}/cancel: {message}; answers {viewing}.
	mux.HandleFunc("POST /api/enquiries/viewings/{id}/cancel", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		var req enquiryv1.CancelViewingRequest
		if ok && decode(w, r, &req) {
			req.ViewingId = id
			call(w, r, enquiryv1connect.EnquiryServiceCancelViewingProcedure, &req, rpcs.CancelViewing,
				func(res *enquiryv1.CancelViewingResponse) any { return message(res) })
		}
	})
	// GET /api/enquiries/viewings/{id}/calendar.ics: an accepted viewing's calendar file, for the
	// thread's two members only (404 for anyone else). Always a download, never cached.
	const calendarName = "GET /api/enquiries/viewings/{id}/calendar.ics"
	mux.HandleFunc(calendarName, func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID64(w, r)
		if !ok {
			return
		}
		var file []byte
		err := rpc.Handle(r.Context(), calendarName, nil, func(ctx context.Context) error {
			var err error
			file, err = rpcs.Calendar(ctx, id)
			return err
		})
		if err != nil {
			writeError(w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/calendar; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(file)))
		h.Set("Content-Disposition", `attachment; filename="viewing-`+strconv.FormatInt(id, 10)+`.ics"`)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		w.WriteHeader(http.StatusOK)
		if _, err := w.Write(file); err != nil {
			slog.WarnContext(r.Context(), "send calendar file", "err", err)
		}
	})
}
