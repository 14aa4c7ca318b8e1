package vocab

import (
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
)

// Enquiry holds the rules of enquiries and viewings (EnquiryService) and of an administrator's
// note on a reported thread (EnquiryReportService).
var Enquiry = struct {
	Message, Reply, ViewingNote, Decline, Cancel, ReportNote, HandledNote Field
}{
	Message:     field(&enquiryv1.StartEnquiryRequest{}, "message"),
	Reply:       field(&enquiryv1.SendMessageRequest{}, "body"),
	ViewingNote: field(&enquiryv1.RequestViewingRequest{}, "message"),
	Decline:     field(&enquiryv1.DeclineViewingRequest{}, "message"),
	Cancel:      field(&enquiryv1.CancelViewingRequest{}, "message"),
	ReportNote:  field(&enquiryv1.ReportThreadRequest{}, "note"),
	HandledNote: field(&adminv1.HandleThreadReportsRequest{}, "note"),
}
