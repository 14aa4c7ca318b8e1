// Package rest is the thin /api shim for older clients (SPEC §7): each path calls one rpc of the
// same Connect handler the other protocols use (rpc.Invoke), and only reshapes JSON; the four
// paths protobuf carries badly (uploads, a document, Stripe's webhook) are written by hand and
// run their service call through the same interceptors (rpc.Handle). No business rule lives here.
package rest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"

	"github.com/rentproof/rentproof/internal/rpc"
	"github.com/rentproof/rentproof/internal/wirejson"
)

// Handlers are the rpc implementations the shim calls.
type Handlers struct {
	// PropertyImages stores uploaded listing images.
	PropertyImages ImageUploader
	// ReviewPhotos stores uploaded review photos (nil: no review photo path).
	ReviewPhotos PhotoUploader
	// Documents stores and opens owners' ownership documents (nil: no document paths).
	Documents DocumentFiles
	// TenancyDocuments stores and opens tenants' documents (nil: no tenancy documents path).
	TenancyDocuments TenancyFiles

	Account      AccountRPCs
	Resource     ResourceRPCs
	Property     PropertyRPCs
	Review       ReviewRPCs
	Statistics   StatisticsRPCs
	Verification VerificationRPCs
	Token        TokenRPCs
	Document     DocumentRPCs
	Payment      PaymentRPCs
	Gamification GamificationRPCs
	Contact      ContactRPCs
	Tenancy      TenancyRPCs
	Moderation   ModerationRPCs
	// AccountSecurity serves the password and sessions paths (nil: none).
	AccountSecurity AccountSecurityRPCs
	// Passkey serves the passkey paths (nil: none).
	Passkey PasskeyRPCs
	Closure ClosureRPCs
	// DataExport serves /settings › Your data (nil: no export paths).
	DataExport DataExportRPCs
	// DataExportFiles opens built exports for download (nil: no download path).
	DataExportFiles DataExportFiles
	// StripeWebhook applies Stripe's webhook events.
	StripeWebhook StripeWebhook
	// Enquiry serves enquiries and viewings (nil: no enquiry paths).
	Enquiry EnquiryRPCs
}

// New returns the /api handler. Unknown paths answer a JSON 404, never the SPA.
func New(h Handlers) http.Handler {
	mux := http.NewServeMux()
	routeAccount(mux, h.Account)
	routeClosure(mux, h.Closure)
	routeResources(mux, h.Resource)
	routeProperties(mux, h.Property, h.Review)
	routeStatistics(mux, h.Statistics)
	routeSaved(mux, h.Property)
	routeDashboard(mux, h.Property, h.Review)
	routeVerification(mux, h.Verification)
	routeTokens(mux, h.Token)
	routeUploads(mux, h.PropertyImages, h.ReviewPhotos)
	var tenants DocumentOpener
	if h.TenancyDocuments != nil {
		tenants = h.TenancyDocuments
	}
	routeDocuments(mux, h.Documents, h.Document, tenants)
	routeTenancies(mux, h.Tenancy, h.TenancyDocuments)
	routePayments(mux, h.Payment, h.StripeWebhook)
	routeGamification(mux, h.Gamification)
	routeContact(mux, h.Contact)
	routeModeration(mux, h.Moderation)
	if h.AccountSecurity != nil {
		routeAccountSecurity(mux, h.AccountSecurity)
	}
	routePasskeys(mux, h.Passkey)
	routeDataExports(mux, h.DataExport, h.DataExportFiles)
	routeEnquiries(mux, h.Enquiry)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, _ *http.Request) {
		writeMessage(w, http.StatusNotFound, "Not found")
	})
	return mux
}

// call runs one rpc through the interceptors every protocol passes (rpc.Invoke) with a request
// built from the HTTP request, and writes its answer reshaped by out. procedure names the rpc.
func call[Req, Res any](w http.ResponseWriter, r *http.Request, procedure string, req *Req,
	method func(context.Context, *connect.Request[Req]) (*connect.Response[Res], error),
	out func(*Res) any,
) {
	res, err := rpc.Invoke(r.Context(), procedure, req, method)
	if err != nil {
		writeError(w, r, err)
		return
	}
	copyHeaders(w.Header(), res.Header()) // Set-Cookie from sign-in and sign-out
	writeJSON(w, http.StatusOK, out(res.Msg))
}

// pathID reads a positive int32 id from the path, answering 400 when it is not one.
func pathID(w http.ResponseWriter, r *http.Request, name string) (int32, bool) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 32)
	if err != nil || id < 1 {
		writeMessage(w, http.StatusBadRequest, "Invalid "+name)
		return 0, false
	}
	return int32(id), true
}

// queryInt reads an optional int32 query parameter, answering 400 when it is not one.
func queryInt(w http.ResponseWriter, value, name string) (int32, bool) {
	n, ok := queryInteger(w, value, name, 32)
	return int32(n), ok
}

// queryInt64 reads an optional int64 query parameter (an id), answering 400 when it is not one.
func queryInt64(w http.ResponseWriter, value, name string) (int64, bool) {
	return queryInteger(w, value, name, 64)
}

// queryInteger reads an optional integer query parameter of bits bits (0 when absent).
func queryInteger(w http.ResponseWriter, value, name string, bits int) (int64, bool) {
	if value == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(value, 10, bits)
	if err != nil {
		writeMessage(w, http.StatusBadRequest, "Invalid "+name)
		return 0, false
	}
	return n, true
}

// pageParams reads the optional page and pageSize query parameters, answering 400 when either
// is not a number.
func pageParams(w http.ResponseWriter, q url.Values, page, size *int32) bool {
	var ok bool
	if *page, ok = queryInt(w, q.Get("page"), "page"); !ok {
		return false
	}
	*size, ok = queryInt(w, q.Get("pageSize"), "pageSize")
	return ok
}

// answerBuffers lends list answers their buffer for one request: a page of 12 listings is ~9 KB,
// and a fresh buffer for each was a quarter of a search's garbage (make bench's profile).
var answerBuffers = sync.Pool{New: func() any { return new([]byte) }}

// lentJSON is JSON written into a buffer of answerBuffers, which writeJSON gives back.
type lentJSON struct{ buf *[]byte }

// list reshapes repeated messages into a bare JSON array, as SPEC §7's list answers are.
func list[M proto.Message](items []M) any {
	p := borrowBuffer()
	b := (*p)[:0]
	b = append(b, '[')
	for i, m := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = wirejson.Append(b, m)
	}
	b = append(b, ']')
	*p = b
	return lentJSON{p}
}

// keyed encodes a map of messages as a JSON object keyed by id, in id order.
func keyed[M proto.Message](items map[int32]M) any {
	p := borrowBuffer()
	b := (*p)[:0]
	b = append(b, '{')
	for i, id := range slices.Sorted(maps.Keys(items)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendQuote(b, strconv.Itoa(int(id))), ':')
		b = wirejson.Append(b, items[id])
	}
	b = append(b, '}')
	*p = b
	return lentJSON{p}
}

// borrowBuffer takes a buffer from answerBuffers, which writeJSON gives back.
func borrowBuffer() *[]byte {
	if p, ok := answerBuffers.Get().(*[]byte); ok {
		return p
	}
	return new([]byte)
}

// message encodes one protobuf message in the spec's lowerCamelCase JSON, zero values included,
// so older clients always find every field.
func message(m proto.Message) json.RawMessage { return wirejson.Marshal(m) }

// copyHeaders passes an rpc's response headers on, but not Connect's own protocol headers.
func copyHeaders(dst, src http.Header) {
	for k, vs := range src {
		if k == "Content-Type" || strings.HasPrefix(k, "Connect-") || strings.HasPrefix(k, "Grpc-") {
			continue
		}
		for _, v := range vs {
			dst.Add(k, v)
		}
	}
}

// decode reads a JSON body into a request message: the spec's lowerCamelCase names, unknown
// fields ignored (older clients send extra ones), as the Connect JSON codec does (text that is
// not UTF-8 included, which call then refuses). It answers 400 itself when the body is not JSON.
func decode(w http.ResponseWriter, r *http.Request, m proto.Message) bool {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		bodyFailed(w, err)
		return false
	}
	if len(body) == 0 {
		body = []byte("{}")
	}
	if err := (rpc.JSONCodec{}).Unmarshal(body, m); err != nil {
		writeMessage(w, http.StatusBadRequest, "Invalid input")
		return false
	}
	return true
}

// bodyFailed answers a body that could not be read: too large, or too slow to arrive (the
// server's read deadline, which its middleware turns into deadline_exceeded).
func bodyFailed(w http.ResponseWriter, err error) {
	var ce *connect.Error
	if errors.As(err, &ce) && ce.Code() == connect.CodeDeadlineExceeded {
		writeMessage(w, http.StatusRequestTimeout, ce.Message())
		return
	}
	writeMessage(w, http.StatusRequestEntityTooLarge, "Request body too large")
}

// decodeReshaped is decode for bodies whose shape differs from the message: reshape edits the
// decoded JSON object first. It answers 400 itself when the body is not a JSON object.
func decodeReshaped(w http.ResponseWriter, r *http.Request, m proto.Message, reshape func(map[string]json.RawMessage)) bool {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		bodyFailed(w, err)
		return false
	}
	fields := map[string]json.RawMessage{}
	if len(body) > 0 && json.Unmarshal(body, &fields) != nil {
		writeMessage(w, http.StatusBadRequest, "Invalid input")
		return false
	}
	reshape(fields)
	b, _ := json.Marshal(fields)
	if err := (rpc.JSONCodec{}).Unmarshal(b, m); err != nil {
		writeMessage(w, http.StatusBadRequest, "Invalid input")
		return false
	}
	return true
}

// categoriesAsList turns the spec's categories object ({"Location": 1}) or null into a list of names.
func categoriesAsList(fields map[string]json.RawMessage) {
	raw, ok := fields["categories"]
	if !ok {
		return
	}
	var object map[string]json.RawMessage
	if string(raw) == "null" || json.Unmarshal(raw, &object) != nil {
		if string(raw) == "null" {
			delete(fields, "categories")
		}
		return // a list already, or invalid: protojson decides
	}
	names := slices.Sorted(maps.Keys(object))
	fields["categories"], _ = json.Marshal(names)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	// protojson output is already valid JSON: written as is, not re-compacted by encoding/json,
	// with its length, so it goes out in one piece rather than in chunks.
	switch raw := v.(type) {
	case json.RawMessage:
		writeRaw(w, status, append(raw, '\n'))
		return
	case lentJSON:
		*raw.buf = append(*raw.buf, '\n')
		writeRaw(w, status, *raw.buf)
		// Write keeps nothing of it (io.Writer's contract); a rare huge buffer is left to the GC.
		if cap(*raw.buf) <= 256<<10 {
			answerBuffers.Put(raw.buf)
		}
		return
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeRaw(w http.ResponseWriter, status int, raw []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(raw)))
	w.WriteHeader(status)
	_, _ = w.Write(raw)
}

// errorBody is every non-2xx answer: the user's message and, for invalid input, each field's.
type errorBody struct {
	Message string       `json:"message"`
	Errors  []fieldError `json:"errors,omitempty"`
}

type fieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func writeMessage(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Message: msg})
}

// WriteError answers err (a Connect error) as every /api path answers one: its HTTP status
// (Retry-After with it when it says when to come back) and {"message": …}. The server's edge uses
// it for what fails before the shim runs.
func WriteError(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, err) }

// writeError answers a Connect error with its HTTP status and message.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ce *connect.Error
	if !errors.As(err, &ce) {
		slog.ErrorContext(r.Context(), "rest", "err", err)
		writeMessage(w, http.StatusInternalServerError, "Something went wrong on our side. Please try again.")
		return
	}
	copyHeaders(w.Header(), ce.Meta()) // Retry-After on throttled attempts
	body := errorBody{Message: ce.Message()}
	for _, d := range ce.Details() {
		if v, derr := d.Value(); derr == nil {
			if br, ok := v.(*errdetails.BadRequest); ok {
				for _, fv := range br.GetFieldViolations() {
					body.Errors = append(body.Errors, fieldError{Field: fv.GetField(), Message: fv.GetDescription()})
				}
			}
		}
	}
	writeJSON(w, statusOf(ce), body)
}

// statusOf is the HTTP status of a Connect error.
func statusOf(err error) int {
	if status, ok := httpStatus[connect.CodeOf(err)]; ok {
		return status
	}
	return http.StatusInternalServerError
}

var httpStatus = map[connect.Code]int{
	connect.CodeInvalidArgument:    http.StatusBadRequest,
	connect.CodeUnauthenticated:    http.StatusUnauthorized,
	connect.CodePermissionDenied:   http.StatusForbidden,
	connect.CodeNotFound:           http.StatusNotFound,
	connect.CodeAlreadyExists:      http.StatusConflict,
	connect.CodeFailedPrecondition: http.StatusConflict,
	connect.CodeResourceExhausted:  http.StatusTooManyRequests,
	connect.CodeCanceled:           499,
	connect.CodeDeadlineExceeded:   http.StatusGatewayTimeout,
	connect.CodeUnimplemented:      http.StatusNotImplemented,
	connect.CodeUnavailable:        http.StatusServiceUnavailable,
	connect.CodeInternal:           http.StatusInternalServerError,
}
