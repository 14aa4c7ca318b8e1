package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/vocab"
)

// First-load data. A screen whose main content is a picture from the database (a property's
// gallery, the first search result) would otherwise paint it after four waits in a row: the
// page, the app's code, the rpc the code sends, then the picture. The page that opens such a
// screen carries the answer to that first rpc (a JSON script the app puts in its query cache
// before it renders, ui/src/app/first-load.ts) and preloads the picture, so the picture loads
// beside the code and the screen renders from the first frame. The answer is the rpc's own,
// served in process through the same handlers and interceptors as the app's call, with the
// visitor's cookies. When the rpc fails the page goes without it and the app asks as usual.

// firstCall is an rpc a screen sends as it opens, with its input as the app builds it.
type firstCall struct {
	procedure string // "/rentproof.property.v1.PropertyService/GetProperty"
	input     any
	// pageParamKey names the page field of a paged list the app reads as an infinite query
	// ("page"); empty for a plain query.
	pageParamKey string
}

// firstRPC is what a screen asks for as it opens: its main call first (without whose answer the
// page carries nothing), then calls for the rest of the screen, and its main picture.
type firstRPC struct {
	calls []firstCall
	// then are the calls that depend on the main call's answer (a member's role), made once it is
	// in; nil for none.
	then func(main json.RawMessage) []firstCall
	// picture returns the screen's main picture from the main call's answer, "" when none; nil
	// for a screen without one.
	picture func(answer []byte) string
	// sizes is the picture's `sizes` in the app (how wide it is drawn), so the preload fetches
	// the same width the page will ask for.
	sizes string
	// width and height are the app's <img> attributes for the picture: drawn in the skeleton with
	// them, it takes the very box the screen gives it.
	width, height int
}

// mainPicture is the screen's main picture from its main call's answer, "" when it has none.
func (f firstRPC) mainPicture(answer []byte) string {
	if f.picture == nil {
		return ""
	}
	return f.picture(answer)
}

// firstRPCRoute finds a screen's first rpcs from the page's address.
type firstRPCRoute struct {
	pattern string
	rpc     func(u *url.URL) (firstRPC, bool)
}

// firstRPCs lists, per screen, how to find the rpcs it sends first from the page's address.
// The inputs mirror the app's (parsePropertyId, the review list's first page, parseSearchParams
// and searchRequest): an input the app builds differently only costs the app its own request.
var firstRPCs = []firstRPCRoute{
	{"/properties/:id", propertyFirstRPC},
	{"/find-properties", searchFirstRPC},
	{"/resources/:id", resourceFirstRPC},
	{"/location/:zipcode", locationFirstRPC},
	{"/dashboard", memberPage(dashboardCalls)},
	{"/gamification", memberPage(gamificationCalls)},
	{"/settings", memberPage(settingsCalls)},
	{"/admin", memberPage(adminCalls)},
}

// currentUserProcedure answers who is signed in (a member's page opens with it).
const currentUserProcedure = "/rentproof.account.v1.AccountService/GetCurrentUser"

// memberPage is a member's landing page: who is signed in (GetCurrentUser: the app renders the
// page from its first frame instead of a spinner while it asks, and the server picks the page's
// skeleton for the member's role, memberSkeleton), then what the page shows as it opens for that
// role (calls), so that it renders with it and asks for none of it. The inputs are the app's.
func memberPage(calls func(role string) []firstCall) func(*url.URL) (firstRPC, bool) {
	return func(*url.URL) (firstRPC, bool) {
		return firstRPC{
			calls: []firstCall{{procedure: currentUserProcedure, input: map[string]any{}}},
			then: func(currentUser json.RawMessage) []firstCall {
				var answer struct {
					User *struct {
						Role string `json:"role"`
					} `json:"user"`
				}
				if json.Unmarshal(currentUser, &answer) != nil || answer.User == nil {
					return nil // a visitor: the page sends them to sign in
				}
				return calls(answer.User.Role)
			},
		}, true
	}
}

// call is one first call with no input ({}) or the given fields.
func call(procedure string, input map[string]any) firstCall {
	if input == nil {
		input = map[string]any{} // sent as {}, as the app sends an empty request
	}
	return firstCall{procedure: "/rentproof." + procedure, input: input}
}

// dashboardCalls is a member's dashboard as it opens (ui/src/app/routes/dashboard.tsx): the token
// balance and the last RECENT_TRANSACTIONS, then a tenant's first page of My Reviews
// (MY_REVIEWS_PAGE_SIZE), or anyone else's stats and first page of My Properties
// (MY_PROPERTIES_PAGE_SIZE, ui/src/features/dashboard/api/use-dashboard.ts).
func dashboardCalls(role string) []firstCall {
	calls := []firstCall{call("token.v1.TokenService/GetBalance", nil), call("token.v1.TokenService/ListTransactions", map[string]any{"pageSize": 5})}
	if role == "tenant" {
		return append(calls, call("review.v1.ReviewService/ListMyReviews", map[string]any{"page": 1, "pageSize": 10}))
	}
	return append(calls, call("property.v1.PropertyService/GetLandlordStats", nil),
		call("property.v1.PropertyService/ListMyProperties", map[string]any{"page": 1, "pageSize": 20}))
}

// gamificationCalls is /gamification as it opens: the member's profile (its Profile tab).
func gamificationCalls(string) []firstCall {
	return []firstCall{call("gamification.v1.GamificationService/GetProfile", nil)}
}

// settingsCalls is /settings as it opens (ui/src/app/routes/settings.tsx): every section's list.
func settingsCalls(string) []firstCall {
	return []firstCall{
		call("notification.v1.NotificationService/GetNotificationPreferences", nil),
		call("account.v1.PasskeyService/ListPasskeys", nil),
		call("account.v1.AccountSecurityService/ListSessions", nil),
		call("account.v1.AccountService/GetSecurityQuestions", nil),
		call("account.v1.AccountService/ListSecurityQuestions", nil),
		call("account.v1.DataExportService/ListDataExports", nil),
	}
}

// adminCalls is /admin as it opens for an administrator (ui/src/app/routes/admin.tsx, the
// queues and lists of ui/src/features/admin/api, with their page sizes); anyone else's page says
// who may see it and asks nothing.
func adminCalls(role string) []firstCall {
	if role != "admin" {
		return nil
	}
	page := map[string]any{"page": 1, "pageSize": 20}
	return []firstCall{
		call("admin.v1.AdminService/ListQueue", map[string]any{"pageSize": 100}),
		call("admin.v1.AdminService/ListTenancyQueue", nil),
		call("admin.v1.ModerationService/ListReportedReviews", nil),
		call("admin.v1.EnquiryReportService/ListReportedThreads", nil),
		call("admin.v1.ModerationService/ListVerifiedProperties", page),
		call("contact.v1.ContactService/ListContactMessages", page),
		call("admin.v1.OutboxService/ListUndeliveredEmails", page),
		call("admin.v1.AdminService/ListAnsweredRequests", page),
		call("admin.v1.AdminService/ListDecisions", map[string]any{"pageSize": 20}),
	}
}

// idSegment is an id as the app accepts it in a path (parsePropertyId, parseResourceId).
var idSegment = regexp.MustCompile(`^[1-9]\d{0,9}$`)

// pathID reads the id after prefix in u's path, as the app does.
func pathID(u *url.URL, prefix string) (int64, bool) {
	segment := strings.Trim(strings.TrimPrefix(u.Path, prefix), "/")
	id, err := strconv.ParseInt(segment, 10, 32)
	return id, idSegment.MatchString(segment) && err == nil
}

// propertyFirstRPC is the property page's GetProperty, then its rating summary, the first page
// of its reviews (All tab, REVIEW_PAGE_SIZE) and its similar properties (SIMILAR_LIMIT): with
// them all, the page renders once. Its picture is the first photo (the gallery's sizes are
// STAGE_SIZES in ui/src/features/properties/components/property-gallery.tsx).
func propertyFirstRPC(u *url.URL) (firstRPC, bool) {
	id, ok := pathID(u, "/properties/")
	if !ok {
		return firstRPC{}, false
	}
	return firstRPC{
		calls: []firstCall{
			{procedure: "/rentproof.property.v1.PropertyService/GetProperty", input: map[string]any{"id": id}},
			{procedure: "/rentproof.review.v1.ReviewService/GetRatingSummary", input: map[string]any{"propertyId": id}},
			{
				procedure:    "/rentproof.review.v1.ReviewService/ListPropertyReviews",
				input:        map[string]any{"propertyId": id, "tab": "all", "page": 1, "pageSize": 10},
				pageParamKey: "page",
			},
			{procedure: "/rentproof.property.v1.PropertyService/ListSimilarProperties", input: map[string]any{"propertyId": id, "limit": 3}},
		},
		picture: func(answer []byte) string {
			var a struct {
				Property struct{ Images []string } `json:"property"`
			}
			if json.Unmarshal(answer, &a) != nil {
				return ""
			}
			return firstPicture(a.Property.Images)
		},
		sizes: "(min-width: 1024px) 788px, 100vw",
		width: 1200, height: 750,
	}, true
}

// resourceFirstRPC is an article's GetResource; its picture is the cover (drawn at its one size).
func resourceFirstRPC(u *url.URL) (firstRPC, bool) {
	id, ok := pathID(u, "/resources/")
	if !ok {
		return firstRPC{}, false
	}
	return firstRPC{
		calls: []firstCall{{procedure: "/rentproof.resource.v1.ResourceService/GetResource", input: map[string]any{"id": id}}},
		picture: func(answer []byte) string {
			var a struct {
				Resource struct {
					CoverImage string `json:"coverImage"`
				} `json:"resource"`
			}
			if json.Unmarshal(answer, &a) != nil {
				return ""
			}
			return strings.TrimSpace(a.Resource.CoverImage)
		},
		width: 1200, height: 630,
	}, true
}

// searchSorts are the search page's sort orders (SORT_OPTIONS), the first the default.
var searchSorts = []string{"featured", "highestRated", "mostReviews", "newestListed"}

// searchPageSize is the search page's PAGE_SIZE.
const searchPageSize = 12

// searchFirstRPC is the search page's SearchProperties for the filters in its address; its
// picture is the first result's (cards draw it at CARD_SIZES, ui/src/components/property-card).
func searchFirstRPC(u *url.URL) (firstRPC, bool) {
	q := u.Query()
	propertyType := q.Get("propertyType")
	if propertyType == "all" || !vocab.Lookup("property_type").Contains(propertyType) {
		propertyType = ""
	}
	sortBy := q.Get("sortBy")
	if !slices.Contains(searchSorts, sortBy) {
		sortBy = searchSorts[0]
	}
	page, err := strconv.Atoi(strings.TrimSpace(q.Get("page")))
	if err != nil || page < 1 || page > 10_000 {
		page = 1
	}
	// Protobuf JSON leaves out default values, as the app's request does.
	input := map[string]any{"sortBy": sortBy, "page": page, "pageSize": searchPageSize}
	for key, value := range map[string]string{
		"city":         strings.TrimSpace(q.Get("city")),
		"zipCode":      strings.TrimSpace(q.Get("zipCode")),
		"query":        strings.TrimSpace(q.Get("query")),
		"propertyType": propertyType,
	} {
		if value != "" {
			input[key] = value
		}
	}
	if q.Get("verified") == "true" {
		input["verifiedOnly"] = true
	}
	return firstRPC{
		calls:   []firstCall{{procedure: searchProcedure, input: input}},
		picture: firstCardPicture,
		sizes:   cardSizes,
		width:   640, height: 420,
	}, true
}

// searchProcedure is the rpc of the search and location pages.
const searchProcedure = "/rentproof.property.v1.PropertyService/SearchProperties"

// cardSizes is how wide a property card draws its picture (CARD_SIZES, ui/src/components/property-card).
const cardSizes = "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"

// firstCardPicture is the picture of the first card of a SearchProperties answer.
func firstCardPicture(answer []byte) string {
	var a struct {
		Properties []struct{ Images []string } `json:"properties"`
	}
	if json.Unmarshal(answer, &a) != nil || len(a.Properties) == 0 {
		return ""
	}
	return firstPicture(a.Properties[0].Images)
}

// locationPageSize is the location page's page of listings (usePropertiesByZip).
const locationPageSize = 50

// locationFirstRPC is the location page's SearchProperties for the postal code in its address,
// as usePropertiesByZip asks for it; a code that cannot be one (the page's "Location Not Found")
// asks nothing. Its picture is the first listing's, drawn as a card's.
func locationFirstRPC(u *url.URL) (firstRPC, bool) {
	code, ok := locationCode(u.Path)
	if !ok {
		return firstRPC{}, false
	}
	return firstRPC{
		calls: []firstCall{{procedure: searchProcedure,
			input: map[string]any{"zipCode": code, "sortBy": searchSorts[0], "page": 1, "pageSize": locationPageSize}}},
		picture: firstCardPicture,
		sizes:   cardSizes,
		width:   480, height: 300, // the property card's <img> on the location page
	}, true
}

// firstPicture is the first non-blank picture of a list.
func firstPicture(images []string) string {
	for _, src := range images {
		if strings.TrimSpace(src) != "" {
			return src
		}
	}
	return ""
}

// firstLoadFor finds the first rpc of the screen at u, if it has one.
func firstLoadFor(u *url.URL) (firstRPC, bool) {
	for _, s := range firstRPCs {
		if matchRoute(s.pattern, u.Path) {
			return s.rpc(u)
		}
	}
	return firstRPC{}, false
}

// firstLoadEntry is one answer in the page's first-load script, as the app reads it.
type firstLoadEntry struct {
	Procedure    string          `json:"procedure"`
	Input        any             `json:"input"`
	PageParamKey string          `json:"pageParamKey,omitempty"`
	Output       json.RawMessage `json:"output"`
}

// withFirstLoad returns page with the answers to the screen's first rpcs and its picture's
// preload, or page unchanged when the screen has none or its main rpc does not answer. The
// calls run side by side; one that fails is left for the app to make. It also returns the main
// call's answer (nil when it failed) and its HTTP status (0 without a call), from which the page
// is named (seo.go) and a missing subject answered 404.
func withFirstLoad(ctx context.Context, page []byte, r *http.Request, api http.Handler) ([]byte, json.RawMessage, int) {
	rpc, ok := firstLoadFor(r.URL)
	if !ok || api == nil {
		return page, nil, 0
	}
	answers, statuses := callAll(ctx, api, r, rpc.calls)
	if answers[0] == nil {
		return page, nil, statuses[0]
	}
	calls := rpc.calls
	if rpc.then != nil {
		more := rpc.then(answers[0])
		answered, _ := callAll(ctx, api, r, more)
		calls, answers = append(slices.Clip(calls), more...), append(answers, answered...)
	}
	var entries []firstLoadEntry
	for i, call := range calls {
		if answers[i] != nil {
			entries = append(entries, firstLoadEntry{Procedure: call.procedure, Input: call.input, PageParamKey: call.pageParamKey, Output: answers[i]})
		}
	}
	script, err := json.Marshal(entries)
	if err != nil {
		return page, answers[0], statuses[0]
	}
	var head strings.Builder
	if src := rpc.mainPicture(answers[0]); src != "" {
		head.WriteString(picturePreload(src, rpc.sizes))
		page = withPicture(page, pictureImage(src, rpc.sizes, rpc.width, rpc.height))
	}
	// JSON inside a script element: "<" is escaped so no "</script>" or "<!--" can end it early.
	body := `<script type="application/json" id="first-load">` +
		string(bytes.ReplaceAll(script, []byte("<"), []byte(`\u003c`))) + `</script>`
	// First in the head: the picture is asked for before the code, of which there is more.
	page = bytes.Replace(page, []byte("<head>"), []byte("<head>"+head.String()), 1)
	return bytes.Replace(page, []byte("</body>"), []byte(body+"</body>"), 1), answers[0], statuses[0]
}

// callAll makes calls side by side (callInProcess), returning each one's answer (nil when it
// failed) and HTTP status.
func callAll(ctx context.Context, api http.Handler, r *http.Request, calls []firstCall) ([]json.RawMessage, []int) {
	answers, statuses := make([]json.RawMessage, len(calls)), make([]int, len(calls))
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Go(func() { answers[i], statuses[i], _ = callInProcess(ctx, api, r, call) })
	}
	wg.Wait()
	return answers, statuses
}

// callInProcess sends call through api as the visitor (same cookies and client), returning the
// JSON answer of a successful call, and the answer's HTTP status.
func callInProcess(ctx context.Context, api http.Handler, r *http.Request, call firstCall) (json.RawMessage, int, error) {
	input, err := json.Marshal(call.input)
	if err != nil {
		return nil, 0, fmt.Errorf("encode %s input: %w", call.procedure, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, call.procedure, bytes.NewReader(input))
	if err != nil {
		return nil, 0, fmt.Errorf("make %s request: %w", call.procedure, err)
	}
	req.Header.Set("Content-Type", "application/json")
	for _, c := range r.Header.Values("Cookie") {
		req.Header.Add("Cookie", c)
	}
	req.RemoteAddr, req.Host = r.RemoteAddr, r.Host
	w := &bufferedResponse{header: http.Header{}, status: http.StatusOK}
	api.ServeHTTP(w, req)
	if w.status != http.StatusOK || !json.Valid(w.body.Bytes()) {
		return nil, w.status, fmt.Errorf("%s answered %d", call.procedure, w.status)
	}
	return w.body.Bytes(), w.status, nil
}

// bufferedResponse keeps an in-process answer in memory.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *bufferedResponse) Header() http.Header         { return w.header }
func (w *bufferedResponse) WriteHeader(status int)      { w.status = status }
func (w *bufferedResponse) Write(b []byte) (int, error) { return w.body.Write(b) }

// picturePreload is the <link> that fetches a picture as the page's <img> will: an upload
// offers its stored widths (srcset with the same sizes), anything else its one source.
func picturePreload(src, sizes string) string {
	var link strings.Builder
	link.WriteString(`<link rel="preload" as="image" fetchpriority="high"`)
	if srcset := uploadSrcSet(src); srcset != "" {
		fmt.Fprintf(&link, ` imagesrcset="%s" imagesizes="%s">`, html.EscapeString(srcset), html.EscapeString(sizes))
	} else {
		fmt.Fprintf(&link, ` href="%s">`, html.EscapeString(src))
	}
	return link.String()
}

// pictureImage is the <img> of a picture in a skeleton, asking for what the preload fetched.
// The skeleton is hidden from assistive technology, so the picture says nothing (alt="").
func pictureImage(src, sizes string, width, height int) string {
	var img strings.Builder
	fmt.Fprintf(&img, `<img alt="" fetchpriority="high" width="%d" height="%d"`, width, height)
	if srcset := uploadSrcSet(src); srcset != "" {
		fmt.Fprintf(&img, ` srcset="%s" sizes="%s"`, html.EscapeString(srcset), html.EscapeString(sizes))
	}
	fmt.Fprintf(&img, ` src="%s">`, html.EscapeString(src))
	return img.String()
}

// pictureSlot marks the element of a prerendered skeleton that holds the screen's main picture
// (ui/src/styles/global.css draws a picture there as the screen draws it).
const pictureSlot = `data-picture-slot=""`

// withPicture puts img in the page's first picture slot; a page without one is left as it is.
// React escapes ">" in attribute values, so the first ">" after the mark closes its tag.
func withPicture(page []byte, img string) []byte {
	i := bytes.Index(page, []byte(pictureSlot))
	if i < 0 {
		return page
	}
	end := bytes.IndexByte(page[i:], '>')
	if end < 0 {
		return page
	}
	at := i + end + 1
	return slices.Concat(page[:at], []byte(img), page[at:])
}

// uploadName is an uploaded property image as the upload package names it.
var uploadName = regexp.MustCompile(`^(/uploads/properties/[0-9a-f]{32})(\.(?:jpg|png|gif|webp))$`)

// uploadSrcSet lists an upload's stored widths, narrowest first, then the main file, as the
// app's uploadSrcSet does (ui/src/components/ui/responsive-image.tsx); "" for other pictures.
func uploadSrcSet(src string) string {
	m := uploadName.FindStringSubmatch(src)
	if m == nil {
		return ""
	}
	var parts []string
	for _, w := range slices.Backward(upload.VersionWidths) {
		parts = append(parts, fmt.Sprintf("%s-w%d%s %dw", m[1], w, m[2], w))
	}
	return strings.Join(append(parts, fmt.Sprintf("%s %dw", src, upload.MaxSide)), ", ")
}
