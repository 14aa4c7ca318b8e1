package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	contactv1 "github.com/rentproof/rentproof/gen/rentproof/contact/v1"
	enquiryv1 "github.com/rentproof/rentproof/gen/rentproof/enquiry/v1"
	gamificationv1 "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	notificationv1 "github.com/rentproof/rentproof/gen/rentproof/notification/v1"
	paymentv1 "github.com/rentproof/rentproof/gen/rentproof/payment/v1"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	savedsearchv1 "github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1"
	statisticsv1 "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	tenancyv1 "github.com/rentproof/rentproof/gen/rentproof/tenancy/v1"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	tokenv1 "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/soak"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// caller is who sends a request in the authorization matrix.
type caller string

// The callers: signed out, one account of each role, and, for an rpc about an object (a listing,
// a review, a tenancy, a verification request), that object's owner and another account of the
// owner's role.
const (
	anonymous caller = "anonymous"
	asTenant  caller = "tenant"
	asLandord caller = "landlord"
	asAgent   caller = "agent"
	asManager caller = "property_manager"
	asAdmin   caller = "admin"
	asOwner   caller = "owner"
	asOther   caller = "other"
)

var callers = []caller{anonymous, asTenant, asLandord, asAgent, asManager, asAdmin, asOwner, asOther}

// allowed is the expected outcome of a caller the authorization check lets through: the rpc then
// answers ok, or refuses the request for what it asks (invalid_argument, failed_precondition,
// already_exists, resource_exhausted), never unauthenticated, permission_denied or not_found.
// Rows marked exact expect ok itself (or the row's answer).
const allowed = "ok"

// authRow is one rpc of the matrix: a valid request (its objects made in the world set up once),
// the role of the owner of the object it is about ("" for none: owner and other are then two
// more tenants), and each caller's expected outcome.
type authRow struct {
	owner string
	req   func(w *authWorld) proto.Message
	want  func(caller) string
	// rest is the REST shim's "METHOD /path" for the request, "" when the rpc has none; a body
	// (not for GET) is the request in protobuf JSON.
	rest func(w *authWorld, m proto.Message) string
	// reqAs, when set, builds the request for the account username sends it as ("" signed out),
	// for requests that must carry the caller's own objects (a listing's uploaded image).
	reqAs func(w *authWorld, username string) proto.Message
	// restBody is the REST body when it is not the request itself (a part of it).
	restBody func(m proto.Message) proto.Message
	// exact: every allowed caller gets answer (default ok), not merely past the authorization check.
	exact bool
	// answer is what an allowed caller gets when it is not ok: the same for every caller, because
	// the request asks for something that is not there (a wrong password, no profile yet).
	answer string
	// alone: the rpc ends the caller's other sessions, so its allowed cases run one at a time
	// after the others (whose sessions it would end mid-request).
	alone bool
}

// Expected outcomes by rule.
func everyone(caller) string { return allowed }

func signedIn(c caller) string {
	if c == anonymous {
		return "unauthenticated"
	}
	return allowed
}

func adminOnly(c caller) string {
	switch c {
	case anonymous:
		return "unauthenticated"
	case asAdmin:
		return allowed
	}
	return "permission_denied"
}

// ownerOnly lets the object's owner through (and an administrator when admin is set); every other
// signed-in caller gets denied.
func ownerOnly(denied string, admin bool) func(caller) string {
	return func(c caller) string {
		switch {
		case c == anonymous:
			return "unauthenticated"
		case c == asOwner, c == asAdmin && admin:
			return allowed
		}
		return denied
	}
}

// roles lets signed-in callers of the given roles through (owner and other have the row's owner
// role); the rest get denied.
func roles(owner, denied string, ok ...string) func(caller) string {
	return func(c caller) string {
		role := string(c)
		if c == asOwner || c == asOther {
			role = owner
		}
		switch {
		case c == anonymous:
			return "unauthenticated"
		case slices.Contains(ok, role):
			return allowed
		}
		return denied
	}
}

// with overrides some callers' outcomes of a rule.
func with(rule func(caller) string, overrides map[caller]string) func(caller) string {
	return func(c caller) string {
		if o, ok := overrides[c]; ok {
			return o
		}
		return rule(c)
	}
}

// path is a REST target that does not depend on the world.
func path(target string) func(*authWorld, proto.Message) string {
	return func(*authWorld, proto.Message) string { return target }
}

// authWorld is the world the matrix runs in: one server, accounts of every role, and the objects
// the requests are about, each owned by the owner account of its row's owner role.
type authWorld struct {
	*testworld.World
	t                                            *testing.T
	property                                     int32 // the owner landlord's listing
	review                                       int32 // the owner tenant's published review of it
	tenancy                                      int32 // the owner tenant's tenancy claim on it
	request                                      int32 // the owner landlord's verification request to the owner agent
	message                                      int64 // a contact message
	email                                        int64 // a dead email of the outbox
	notification                                 int64 // the owner tenant's notification
	resource                                     int32 // an article of the resource library
	thread                                       int64 // the owner tenant's enquiry about the owner landlord's listing
	viewing, viewingTime                         int64 // a viewing asked for in that thread, and its one time
	ownerTenantID, ownerLandlordID, ownerAgentID int32
	seq                                          atomic.Int64
}

// username is the account that plays c in a row whose owner role is owner.
func username(c caller, owner string) string {
	switch c {
	case anonymous:
		return ""
	case asOwner, asOther:
		return "m_" + string(c) + "_" + owner
	}
	return "m_" + string(c)
}

// token is a fresh session of c's account, so an rpc that signs out ends only its own session.
func (w *authWorld) token(c caller, owner string) string {
	name := username(c, owner)
	if name == "" {
		return ""
	}
	token := fmt.Sprintf("token-%s-%d", name, w.seq.Add(1))
	w.Exec(w.t, `INSERT INTO sessions (user_id, token_hash, expires_at)
		SELECT id, $2, now() + interval '1 hour' FROM users WHERE username = $1`, name, account.HashToken(token))
	return token
}

// ownerSession is a fresh live session of the owner tenant, for a request that ends one.
func (w *authWorld) ownerSession() int64 {
	var id int64
	if err := w.Pool.QueryRow(context.Background(), `INSERT INTO sessions (user_id, token_hash, expires_at)
		VALUES ($1, $2, now() + interval '1 hour') RETURNING id`, w.ownerTenantID, account.HashToken(fmt.Sprint("ended-", w.unique()))).Scan(&id); err != nil {
		w.t.Fatalf("owner session: %v", err)
	}
	return id
}

// ownerSavedSearch saves a fresh search for the owner tenant and returns its id.
func (w *authWorld) ownerSavedSearch() int64 {
	var id int64
	if err := w.Pool.QueryRow(context.Background(), `INSERT INTO saved_searches (user_id, name, city_key, place_name)
		VALUES ($1, $2, 'leeds', 'Leeds') RETURNING id`, w.ownerTenantID, fmt.Sprint("Matrix ", w.unique())).Scan(&id); err != nil {
		w.t.Fatalf("owner saved search: %v", err)
	}
	return id
}

// unique is a number no other request of the run uses.
func (w *authWorld) unique() int64 { return w.seq.Add(1) }

func newAuthWorld(t *testing.T) *authWorld {
	t.Helper()
	w := &authWorld{World: testworld.Start(t, testserver.Options{}), t: t}
	for _, role := range []string{"tenant", "landlord", "agent", "property_manager", "admin"} {
		w.Established(t, "m_"+role, role)
	}
	for _, role := range []string{"tenant", "landlord", "agent"} {
		w.Established(t, "m_owner_"+role, role)
		w.Established(t, "m_other_"+role, role)
	}
	w.ownerTenantID, w.ownerLandlordID, w.ownerAgentID = w.UserID(t, "m_owner_tenant"), w.UserID(t, "m_owner_landlord"), w.UserID(t, "m_owner_agent")
	w.property = w.Property(t, "m_owner_landlord", "Matrix flat")
	w.Exec(t, `UPDATE properties SET images = ARRAY['/images/demo/a.svg'] WHERE id = $1`, w.property)
	w.review = w.ID(t, `INSERT INTO reviews (property_id, user_id, rating, title, content, review_type)
		VALUES ($1, $2, 4, 'Fine place', 'A fine place to live for a year or two.', 'tenant_to_property') RETURNING id`, w.property, w.ownerTenantID)
	claim, err := tenancyv1connect.NewTenancyServiceClient(http.DefaultClient, w.URL).ClaimTenancy(context.Background(),
		testworld.As(w.token(asOwner, "tenant"), &tenancyv1.ClaimTenancyRequest{PropertyId: w.property, FromMonth: "2023-01"}))
	if err != nil {
		t.Fatalf("claim tenancy: %v", err)
	}
	w.tenancy = claim.Msg.Tenancy.Id
	w.request = w.ID(t, `INSERT INTO verification_requests (property_id, requested_by_id, requested_to_id, message)
		VALUES ($1, $2, $3, 'Please confirm this listing.') RETURNING id`, w.property, w.ownerLandlordID, w.ownerAgentID)
	w.resource = w.ID(t, `INSERT INTO resources (title, description, content, category, author_name, slug)
		VALUES ('Deposits', 'What a deposit covers.', 'A deposit covers damage, not wear.', 'tenant', 'RentProof', 'deposits') RETURNING id`)
	w.message = int64(w.ID(t, `INSERT INTO contact_messages (name, email, subject, message)
		VALUES ('Pat', 'pat@example.com', 'general', 'Hello there, a question.') RETURNING id::int`))
	w.email = int64(w.ID(t, `INSERT INTO outbox_emails (to_address, category, kind, subject, text_body, html_body, status, last_error)
		VALUES ('pat@example.com', 'contact_replies', 'contact_reply', 'Re: a question', 'Hello', '<p>Hello</p>', 'dead', '550 no such mailbox') RETURNING id::int`))
	w.notification = int64(w.ID(t, `INSERT INTO notifications (user_id, category, kind, title, body, link)
		VALUES ($1, 'review_responses', 'review_response', 'The owner responded', '', '/properties/1') RETURNING id::int`, w.ownerTenantID))
	w.thread = int64(w.ID(t, `INSERT INTO enquiry_threads (property_id, owner_id, enquirer_id, pending_viewings)
		VALUES ($1, $2, $3, 1) RETURNING id::int`, w.property, w.ownerLandlordID, w.ownerTenantID))
	w.Exec(t, `INSERT INTO enquiry_messages (thread_id, author_id, body) VALUES ($1, $2, 'Is the flat still available?')`, w.thread, w.ownerTenantID)
	w.viewing = int64(w.ID(t, `INSERT INTO enquiry_viewings (thread_id, time_zone) SELECT t.id, p.time_zone FROM enquiry_threads t
		JOIN properties p ON p.id = t.property_id WHERE t.id = $1 RETURNING id::int`, w.thread))
	w.viewingTime = int64(w.ID(t, `INSERT INTO enquiry_viewing_times (viewing_id, starts_at, local)
		SELECT $1, s, to_char(s AT TIME ZONE 'America/New_York', 'YYYY-MM-DD"T"HH24:MI')
		FROM (SELECT date_trunc('hour', now()) + interval '3 days' AS s) x RETURNING id::int`, w.viewing))
	return w
}

// listing is a valid listing form.
func listing(title string) *propertyv1.CreatePropertyRequest {
	return &propertyv1.CreatePropertyRequest{
		Title: title, Description: "Sunny two-bedroom loft with tall windows and a quiet street.",
		Address: "12 Elm Street", City: "Portland", State: "OR", ZipCode: "97201", Country: "United States",
		PropertyType: "loft", MonthlyRent: 2100, Bedrooms: 2, Bathrooms: 1, SquareFeet: 950, AreaUnit: "sqft", Currency: "USD",
	}
}

// authMatrix is the one table: every rpc of every service in server.Services, by procedure.
var authMatrix = map[string]authRow{
	// AccountService: signing up, in and out, and password recovery are open to all; the rest is
	// the caller's own account.
	"/rentproof.account.v1.AccountService/Register": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		n := w.unique()
		return &accountv1.RegisterRequest{Username: fmt.Sprintf("newcomer%d", n), Email: fmt.Sprintf("newcomer%d@example.com", n),
			Password: "s3cret-pass", FirstName: "New", LastName: "Comer", Role: "tenant"}
	}, rest: path("POST /api/register")},
	"/rentproof.account.v1.AccountService/Login": {want: everyone, answer: "unauthenticated", req: func(*authWorld) proto.Message {
		return &accountv1.LoginRequest{Username: "m_tenant", Password: "wrong-password"}
	}, rest: path("POST /api/login")},
	"/rentproof.account.v1.AccountService/Logout": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &accountv1.LogoutRequest{} },
		rest: path("POST /api/logout")},
	"/rentproof.account.v1.AccountService/GetCurrentUser": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &accountv1.GetCurrentUserRequest{} }},
	"/rentproof.account.v1.AccountService/GetUserName": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		return &accountv1.GetUserNameRequest{UserId: w.ownerTenantID}
	}, rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("GET /api/users/%d", w.ownerTenantID) }},
	"/rentproof.account.v1.AccountService/ListSecurityQuestions": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &accountv1.ListSecurityQuestionsRequest{} }},
	"/rentproof.account.v1.AccountService/GetSecurityQuestions":  {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &accountv1.GetSecurityQuestionsRequest{} }},
	"/rentproof.account.v1.AccountService/SetSecurityQuestions": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.SetSecurityQuestionsRequest{SecurityQuestion1: account.SecurityQuestions[0], SecurityAnswer1: "Rex",
			SecurityQuestion2: account.SecurityQuestions[1], SecurityAnswer2: "Leeds", CurrentPassword: "wrong-password"}
	}, rest: path("POST /api/security-questions")},
	// Recovery answers alike for every pair and address (decoys, "If an account exists…"); every
	// request counts against the sign-in limits, so a later one may be throttled.
	"/rentproof.account.v1.AccountService/FindAccount": {want: everyone, req: func(*authWorld) proto.Message {
		return &accountv1.FindAccountRequest{Email: "m_tenant@example.com", Username: "m_tenant"}
	}, rest: path("POST /api/password-reset/request")},
	"/rentproof.account.v1.AccountService/ResetPassword": {want: everyone, answer: "permission_denied", req: func(w *authWorld) proto.Message {
		return &accountv1.ResetPasswordRequest{UserId: w.ownerTenantID, SecurityAnswer1: "wrong", SecurityAnswer2: "wrong",
			NewPassword: "n3w-s3cret-pass", ConfirmPassword: "n3w-s3cret-pass"}
	}, rest: path("POST /api/password-reset/verify")},
	"/rentproof.account.v1.AccountEmailService/SendPasswordResetLink": {want: everyone, req: func(*authWorld) proto.Message {
		return &accountv1.SendPasswordResetLinkRequest{Email: "m_tenant@example.com"}
	}},
	"/rentproof.account.v1.AccountEmailService/ResetPasswordWithLink": {want: everyone, answer: "failed_precondition", req: func(*authWorld) proto.Message {
		return &accountv1.ResetPasswordWithLinkRequest{Token: "not-a-link", NewPassword: "n3w-s3cret-pass", ConfirmPassword: "n3w-s3cret-pass"}
	}},
	"/rentproof.account.v1.AccountEmailService/SendSignInLink": {want: everyone, req: func(*authWorld) proto.Message {
		return &accountv1.SendSignInLinkRequest{Username: "m_tenant"}
	}},
	"/rentproof.account.v1.AccountService/UpdateProfile": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &accountv1.UpdateProfileRequest{FirstName: "Pat", LastName: "Doe", Bio: "Here a while.", City: "Leeds", Country: "United Kingdom", Language: "en"}
	}, rest: path("PUT /api/user/profile")},
	// A verification link is the proof, whoever opens it; an altered one fails alike for everyone.
	"/rentproof.account.v1.AccountEmailService/VerifyEmail": {want: everyone, exact: true, answer: "invalid_argument", req: func(*authWorld) proto.Message {
		return &accountv1.VerifyEmailRequest{Token: "MQ.ZGlnZXN0.4102444800.altered"}
	}},
	"/rentproof.account.v1.AccountEmailService/ResendVerificationEmail": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.ResendVerificationEmailRequest{}
	}},
	// A wrong password: refused as such, or throttled as sign-in is once the caller has tried enough.
	"/rentproof.account.v1.AccountEmailService/ChangeEmail": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.ChangeEmailRequest{Email: "moved-away@example.com", Password: "wrong-password"}
	}},
	// AccountSecurityService: the caller's own password and sessions. A wrong current password is
	// refused (or throttled); another member's session is answered as not found.
	"/rentproof.account.v1.AccountSecurityService/ChangePassword": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.ChangePasswordRequest{CurrentPassword: "wrong-password", NewPassword: "n3w-s3cret-pass"}
	}, rest: path("POST /api/user/password")},
	"/rentproof.account.v1.AccountSecurityService/ListSessions": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &accountv1.ListSessionsRequest{}
	}, rest: path("GET /api/user/sessions")},
	"/rentproof.account.v1.AccountSecurityService/EndSession": {owner: "tenant", want: ownerOnly("not_found", false), exact: true,
		reqAs: func(w *authWorld, _ string) proto.Message { return &accountv1.EndSessionRequest{Id: w.ownerSession()} },
		rest: func(_ *authWorld, m proto.Message) string {
			return fmt.Sprintf("DELETE /api/user/sessions/%d", m.(*accountv1.EndSessionRequest).GetId())
		}},
	"/rentproof.account.v1.AccountSecurityService/EndOtherSessions": {want: signedIn, exact: true, alone: true, req: func(*authWorld) proto.Message {
		return &accountv1.EndOtherSessionsRequest{}
	}, rest: path("POST /api/user/sessions/end-others")},

	// PasskeyService: a member's own passkeys; the sign-in is everyone's. Requests that carry no
	// real ceremony are refused for what they ask, alike for every allowed caller.
	"/rentproof.account.v1.PasskeyService/ListPasskeys": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &accountv1.ListPasskeysRequest{}
	}, rest: path("GET /api/user/passkeys")},
	"/rentproof.account.v1.PasskeyService/BeginPasskeyRegistration": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.BeginPasskeyRegistrationRequest{Password: "wrong-password"}
	}, rest: path("POST /api/user/passkeys/registration/begin")},
	"/rentproof.account.v1.PasskeyService/FinishPasskeyRegistration": {want: signedIn, exact: true, answer: "invalid_argument", req: func(*authWorld) proto.Message {
		return &accountv1.FinishPasskeyRegistrationRequest{CredentialJson: "{}", Name: "Laptop"}
	}, rest: path("POST /api/user/passkeys/registration/finish")},
	"/rentproof.account.v1.PasskeyService/RenamePasskey": {want: signedIn, exact: true, answer: "not_found", req: func(*authWorld) proto.Message {
		return &accountv1.RenamePasskeyRequest{Id: 999999, Name: "Laptop"}
	}, rest: path("PUT /api/user/passkeys/999999")},
	"/rentproof.account.v1.PasskeyService/DeletePasskey": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.DeletePasskeyRequest{Id: 999999, Password: "wrong-password"}
	}, rest: path("DELETE /api/user/passkeys/999999")},
	"/rentproof.account.v1.PasskeyService/BeginPasskeySignIn": {want: everyone, exact: true, req: func(*authWorld) proto.Message {
		return &accountv1.BeginPasskeySignInRequest{}
	}, rest: path("POST /api/passkeys/sign-in/begin")},
	"/rentproof.account.v1.PasskeyService/FinishPasskeySignIn": {want: everyone, exact: true, answer: "invalid_argument", req: func(*authWorld) proto.Message {
		return &accountv1.FinishPasskeySignInRequest{CredentialJson: "{}"}
	}, rest: path("POST /api/passkeys/sign-in/finish")},
	"/rentproof.account.v1.PasskeyService/BeginPasskeyConfirmation": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.BeginPasskeyConfirmationRequest{}
	}, rest: path("POST /api/user/passkeys/confirmation/begin")},
	"/rentproof.account.v1.PasskeyService/FinishPasskeyConfirmation": {want: signedIn, exact: true, answer: "invalid_argument", req: func(*authWorld) proto.Message {
		return &accountv1.FinishPasskeyConfirmationRequest{CredentialJson: "{}"}
	}, rest: path("POST /api/user/passkeys/confirmation/finish")},
	"/rentproof.account.v1.PasskeyService/SetPasskeyRequired": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.SetPasskeyRequiredRequest{Required: true, Password: "wrong-password"}
	}, rest: path("PUT /api/user/passkeys/required")},

	// DataExportService: the caller's own exports. One a day: a caller's later request is refused
	// for what it asks (resource_exhausted, "the next one after …").
	"/rentproof.account.v1.DataExportService/RequestDataExport": {want: signedIn, req: func(*authWorld) proto.Message {
		return &accountv1.RequestDataExportRequest{}
	}, rest: path("POST /api/user/export")},
	"/rentproof.account.v1.DataExportService/ListDataExports": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &accountv1.ListDataExportsRequest{}
	}, rest: path("GET /api/user/exports")},

	// AdminService and DocumentService.
	"/rentproof.admin.v1.AdminService/ListQueue": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &adminv1.ListQueueRequest{} }},
	"/rentproof.admin.v1.AdminService/DecideRequest": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.DecideRequestRequest{RequestId: w.request, Decision: "reject", Message: "Not enough proof."}
	}},
	"/rentproof.admin.v1.AdminService/ListDecisions": {want: adminOnly, exact: true, req: func(w *authWorld) proto.Message {
		return &adminv1.ListDecisionsRequest{RequestId: w.request}
	}},
	"/rentproof.admin.v1.AdminService/ListAnsweredRequests": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &adminv1.ListAnsweredRequestsRequest{} }},
	"/rentproof.admin.v1.AdminService/MarkRequestArranged": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.MarkRequestArrangedRequest{RequestId: w.request, Message: "Arranged by phone."}
	}},
	"/rentproof.admin.v1.AdminService/ListTenancyQueue": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &adminv1.ListTenancyQueueRequest{} }},
	"/rentproof.admin.v1.AdminService/DecideTenancy": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.DecideTenancyRequest{Id: w.tenancy, Approve: false, Message: "The lease does not name you."}
	}},
	"/rentproof.admin.v1.AdminService/RevokeTenancy": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.RevokeTenancyRequest{Id: w.tenancy, Reason: "The lease was forged."}
	}},
	"/rentproof.admin.v1.DocumentService/SubmitDirectVerification": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &adminv1.SubmitDirectVerificationRequest{PropertyId: w.property, Notes: "Deed attached.", SelfVerified: true}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/properties/%d/direct-verification", w.property)
	}},

	// ModerationService: administrators only. The requests change nothing the other rows need: the
	// world's review is published with no report (restore is refused as having nothing to do), a
	// removal's reason is too long, and the world's property has no badge to withdraw (unless another
	// row verified it: the withdrawal then succeeds, as WithdrawVerification's does).
	"/rentproof.admin.v1.ModerationService/ListReportedReviews": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message {
		return &adminv1.ListReportedReviewsRequest{}
	}, rest: path("GET /api/admin/reported-reviews")},
	"/rentproof.admin.v1.ModerationService/SearchReviews": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message {
		return &adminv1.SearchReviewsRequest{Query: "Fine place"}
	}, rest: path("GET /api/admin/reviews?query=Fine+place")},
	"/rentproof.admin.v1.ModerationService/RemoveReview": {owner: "tenant", want: adminOnly, exact: true, answer: "invalid_argument", req: func(w *authWorld) proto.Message {
		return &adminv1.RemoveReviewRequest{ReviewId: w.review, Reason: strings.Repeat("x", 501)}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/admin/reviews/%d/remove", w.review)
	}},
	"/rentproof.admin.v1.ModerationService/RestoreReview": {owner: "tenant", want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.RestoreReviewRequest{ReviewId: w.review, Reason: "Nothing wrong with it."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/admin/reviews/%d/restore", w.review)
	}},
	"/rentproof.admin.v1.ModerationService/ListVerifiedProperties": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message {
		return &adminv1.ListVerifiedPropertiesRequest{}
	}, rest: path("GET /api/admin/verified-properties")},
	"/rentproof.admin.v1.ModerationService/WithdrawBadge": {owner: "landlord", want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.WithdrawBadgeRequest{PropertyId: w.property, Reason: "The deed was forged."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/admin/properties/%d/withdraw-badge", w.property)
	}},

	// ContactService: anyone writes; administrators read.
	"/rentproof.contact.v1.ContactService/SendContactMessage": {want: everyone, req: func(*authWorld) proto.Message {
		return &contactv1.SendContactMessageRequest{Name: "Pat Doe", Email: "pat@example.com", Subject: "general", Message: "A question about listings."}
	}, rest: path("POST /api/contact")},
	"/rentproof.contact.v1.ContactService/ListContactMessages": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &contactv1.ListContactMessagesRequest{} }},
	"/rentproof.contact.v1.ContactService/MarkContactMessageHandled": {want: adminOnly, exact: true, req: func(w *authWorld) proto.Message {
		return &contactv1.MarkContactMessageHandledRequest{Id: w.message, Handled: true}
	}},
	"/rentproof.contact.v1.ContactService/ReplyToContactMessage": {want: adminOnly, exact: true, req: func(w *authWorld) proto.Message {
		return &contactv1.ReplyToContactMessageRequest{Id: w.message, Message: "Thanks for writing."}
	}},

	// OutboxService: administrators only. A resend after the first finds the email pending again
	// (failed_precondition).
	"/rentproof.admin.v1.OutboxService/ListUndeliveredEmails": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &adminv1.ListUndeliveredEmailsRequest{} }},
	"/rentproof.admin.v1.OutboxService/ResendEmail": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.ResendEmailRequest{Id: w.email}
	}},

	// AccountClosureService: a member deletes their own account; a wrong password is refused as
	// such (or throttled as sign-in is), so the matrix's accounts stay open.
	"/rentproof.account.v1.AccountClosureService/DeleteAccount": {want: signedIn,
		reqAs: func(_ *authWorld, username string) proto.Message {
			return &accountv1.DeleteAccountRequest{Username: username, Password: "wrong-password"}
		}, rest: path("DELETE /api/user/account")},
	// AdminAccountService: administrators only. Without a reason a suspension or reinstatement is
	// refused (invalid_argument) after the authorization check, so nothing changes.
	"/rentproof.admin.v1.AdminAccountService/FindAccounts": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message {
		return &adminv1.FindAccountsRequest{Query: "m_tenant"}
	}, rest: path("GET /api/admin/users?query=m_tenant")},
	"/rentproof.admin.v1.AdminAccountService/SuspendAccount": {want: adminOnly, answer: "invalid_argument", req: func(w *authWorld) proto.Message {
		return &adminv1.SuspendAccountRequest{UserId: w.ownerTenantID}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/admin/users/%d/suspend", w.ownerTenantID)
	}},
	"/rentproof.admin.v1.AdminAccountService/ReinstateAccount": {want: adminOnly, answer: "invalid_argument", req: func(w *authWorld) proto.Message {
		return &adminv1.ReinstateAccountRequest{UserId: w.ownerTenantID}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/admin/users/%d/reinstate", w.ownerTenantID)
	}},

	// GamificationService.
	"/rentproof.gamification.v1.GamificationService/GetProfile": {want: signedIn, answer: "not_found", exact: true, req: func(*authWorld) proto.Message { return &gamificationv1.GetProfileRequest{} },
		rest: path("GET /api/gamification/profile")},
	"/rentproof.gamification.v1.GamificationService/GetLeaderboard": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &gamificationv1.GetLeaderboardRequest{} },
		rest: path("GET /api/gamification/leaderboard")},
	"/rentproof.gamification.v1.GamificationService/SetLeaderboardName": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &gamificationv1.SetLeaderboardNameRequest{ShowFullName: true}
	}},
	"/rentproof.gamification.v1.GamificationService/RunMigration": {want: adminOnly, req: func(*authWorld) proto.Message { return &gamificationv1.RunMigrationRequest{} },
		rest: path("POST /api/gamification/run-migration")},
	"/rentproof.gamification.v1.GamificationService/Initialize": {want: adminOnly, req: func(*authWorld) proto.Message { return &gamificationv1.InitializeRequest{} },
		rest: path("POST /api/gamification/initialize")},

	// NotificationService: signed-in members, their own notifications and preferences only.
	"/rentproof.notification.v1.NotificationService/ListNotifications": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &notificationv1.ListNotificationsRequest{} }},
	"/rentproof.notification.v1.NotificationService/CountUnread":       {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &notificationv1.CountUnreadRequest{} }},
	"/rentproof.notification.v1.NotificationService/MarkNotificationRead": {owner: "tenant", want: ownerOnly("not_found", false), exact: true, req: func(w *authWorld) proto.Message {
		return &notificationv1.MarkNotificationReadRequest{Id: w.notification}
	}},
	"/rentproof.notification.v1.NotificationService/MarkAllNotificationsRead": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &notificationv1.MarkAllNotificationsReadRequest{}
	}},
	"/rentproof.notification.v1.NotificationService/GetNotificationPreferences": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &notificationv1.GetNotificationPreferencesRequest{}
	}},
	"/rentproof.notification.v1.NotificationService/UpdateNotificationPreferences": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &notificationv1.UpdateNotificationPreferencesRequest{Changes: []*notificationv1.PreferenceChange{{Category: "levels_badges", Email: true}}}
	}},

	// PaymentService: an owner pays for its own listing's check.
	"/rentproof.payment.v1.PaymentService/GetPaymentConfig": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &paymentv1.GetPaymentConfigRequest{} }},
	"/rentproof.payment.v1.PaymentService/CreatePayment": {owner: "landlord", want: func(caller) string { return "failed_precondition" }, req: func(w *authWorld) proto.Message {
		return &paymentv1.CreatePaymentRequest{PropertyId: w.property}
	}},
	"/rentproof.payment.v1.PaymentService/GetPaymentStatus": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &paymentv1.GetPaymentStatusRequest{PropertyId: w.property}
	}},
	"/rentproof.payment.v1.PaymentService/CreateDemoPayment": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &paymentv1.CreateDemoPaymentRequest{PropertyId: w.property}
	}, rest: path("POST /api/verification/demo-payment")},
	"/rentproof.payment.v1.PaymentService/CompleteDemoPayment": {owner: "landlord", want: ownerOnly("permission_denied", false), answer: "not_found", req: func(w *authWorld) proto.Message {
		return &paymentv1.CompleteDemoPaymentRequest{PropertyId: w.property, PaymentIntentId: "pi_demo_matrix"}
	}, rest: path("POST /api/verification/demo-payment-complete")},
	"/rentproof.payment.v1.PaymentService/ListPendingVerifications": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &paymentv1.ListPendingVerificationsRequest{} }},

	// PropertyService: reading is public; listing is for listing roles; editing is the owner's.
	"/rentproof.property.v1.PropertyService/GetProperty": {want: everyone, exact: true, req: func(w *authWorld) proto.Message { return &propertyv1.GetPropertyRequest{Id: w.property} },
		rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("GET /api/properties/%d", w.property) }},
	"/rentproof.property.v1.PropertyService/BatchGetProperties": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		return &propertyv1.BatchGetPropertiesRequest{Ids: []int32{w.property}}
	}},
	"/rentproof.property.v1.PropertyService/SearchProperties": {want: everyone, exact: true, req: func(*authWorld) proto.Message {
		return &propertyv1.SearchPropertiesRequest{City: "Leeds"}
	}, rest: path("GET /api/properties")},
	"/rentproof.property.v1.PropertyService/ListSimilarProperties": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		return &propertyv1.ListSimilarPropertiesRequest{PropertyId: w.property}
	}},
	"/rentproof.property.v1.PropertyService/CreateProperty": {want: roles("", "permission_denied", "landlord", "agent", "property_manager", "admin"), exact: true,
		reqAs: func(w *authWorld, username string) proto.Message {
			l := listing(fmt.Sprintf("Matrix loft %d", w.unique()))
			if username != "" { // an upload of the caller's own, recorded as the upload service records one
				key := fmt.Sprintf("properties/%032x.jpg", w.unique())
				w.Exec(w.t, `INSERT INTO uploads (key, owner_id, bytes, width, height) SELECT $1, id, 100, 10, 10 FROM users WHERE username = $2`, key, username)
				l.Images = []string{"/uploads/" + key}
			}
			return l
		}, rest: path("POST /api/properties")},
	"/rentproof.property.v1.PropertyService/UpdateProperty": {owner: "landlord", want: ownerOnly("permission_denied", false), exact: true, req: func(w *authWorld) proto.Message {
		l := listing("Matrix flat")
		l.Images = []string{"/images/demo/a.svg"} // the listing's own
		return &propertyv1.UpdatePropertyRequest{Id: w.property, Listing: l}
	}, rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("PUT /api/properties/%d", w.property) },
		restBody: func(m proto.Message) proto.Message { return m.(*propertyv1.UpdatePropertyRequest).Listing }},
	"/rentproof.property.v1.PropertyService/ListMyProperties": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &propertyv1.ListMyPropertiesRequest{} }},
	"/rentproof.property.v1.PropertyService/GetLandlordStats": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &propertyv1.GetLandlordStatsRequest{} }},
	"/rentproof.property.v1.PropertyService/SaveProperty": {want: signedIn, exact: true, req: func(w *authWorld) proto.Message {
		return &propertyv1.SavePropertyRequest{PropertyId: w.property}
	}, rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("PUT /api/user/saved/%d", w.property) }},
	"/rentproof.property.v1.PropertyService/UnsaveProperty": {want: signedIn, exact: true, req: func(w *authWorld) proto.Message {
		return &propertyv1.UnsavePropertyRequest{PropertyId: w.property}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("DELETE /api/user/saved/%d", w.property)
	}},
	"/rentproof.property.v1.PropertyService/ListSavedProperties": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &propertyv1.ListSavedPropertiesRequest{} },
		rest: path("GET /api/user/saved")},

	// ResourceService and StatisticsService: public.
	"/rentproof.resource.v1.ResourceService/ListResources": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &resourcev1.ListResourcesRequest{} },
		rest: path("GET /api/resources")},
	"/rentproof.resource.v1.ResourceService/GetResource": {want: everyone, exact: true, req: func(w *authWorld) proto.Message { return &resourcev1.GetResourceRequest{Id: w.resource} },
		rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("GET /api/resources/%d", w.resource) }},
	"/rentproof.statistics.v1.StatisticsService/GetStatistics": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &statisticsv1.GetStatisticsRequest{} },
		rest: path("GET /api/statistics")},

	// ReviewService.
	"/rentproof.review.v1.ReviewService/ListPropertyReviews": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		return &reviewv1.ListPropertyReviewsRequest{PropertyId: w.property}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("GET /api/properties/%d/reviews", w.property)
	}},
	"/rentproof.review.v1.ReviewService/GetRatingSummary": {want: everyone, exact: true, req: func(w *authWorld) proto.Message {
		return &reviewv1.GetRatingSummaryRequest{PropertyId: w.property}
	}},
	"/rentproof.review.v1.ReviewService/CreateReview": {want: signedIn, req: func(w *authWorld) proto.Message {
		return &reviewv1.CreateReviewRequest{PropertyId: w.property, Rating: 4, Title: "Quiet and bright", Content: "A quiet flat with a helpful landlord and fair rent.",
			ReviewType: "general", Language: "en"}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/properties/%d/reviews", w.property)
	}},
	"/rentproof.review.v1.ReviewService/MarkHelpful": {owner: "tenant", want: with(signedIn, map[caller]string{asOwner: "permission_denied"}), req: func(w *authWorld) proto.Message {
		return &reviewv1.MarkHelpfulRequest{ReviewId: w.review}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/reviews/%d/helpful", w.review)
	}},
	"/rentproof.review.v1.ReviewService/ReportReview": {owner: "tenant", want: with(signedIn, map[caller]string{asOwner: "permission_denied"}), req: func(w *authWorld) proto.Message {
		return &reviewv1.ReportReviewRequest{ReviewId: w.review, Reason: "spam", Detail: "Looks copied."}
	}},
	"/rentproof.review.v1.ReviewService/RespondToReview": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &reviewv1.RespondToReviewRequest{ReviewId: w.review, Content: "Thank you for staying with us."}
	}},
	"/rentproof.review.v1.ReviewService/ListReportedReviews": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message { return &reviewv1.ListReportedReviewsRequest{} }},
	"/rentproof.review.v1.ReviewService/ModerateReview": {owner: "tenant", want: adminOnly, req: func(w *authWorld) proto.Message {
		return &reviewv1.ModerateReviewRequest{ReviewId: w.review, Decision: "restore", Note: "Fine."}
	}},
	"/rentproof.review.v1.ReviewService/ListRecentReviews": {want: everyone, exact: true, req: func(*authWorld) proto.Message { return &reviewv1.ListRecentReviewsRequest{} }},
	"/rentproof.review.v1.ReviewService/ListMyReviews": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &reviewv1.ListMyReviewsRequest{} },
		rest: path("GET /api/dashboard")},
	"/rentproof.review.v1.ReviewService/ListMyReviewsOfProperty": {want: signedIn, exact: true, req: func(w *authWorld) proto.Message {
		return &reviewv1.ListMyReviewsOfPropertyRequest{PropertyId: w.property}
	}},

	// SavedSearchService: a member's own saved searches (anyone else's: not found).
	"/rentproof.savedsearch.v1.SavedSearchService/CreateSavedSearch": {want: signedIn, req: func(w *authWorld) proto.Message {
		return &savedsearchv1.CreateSavedSearchRequest{Name: fmt.Sprint("Leeds ", w.unique()), City: "Leeds"}
	}},
	"/rentproof.savedsearch.v1.SavedSearchService/ListSavedSearches": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &savedsearchv1.ListSavedSearchesRequest{}
	}},
	"/rentproof.savedsearch.v1.SavedSearchService/DeleteSavedSearch": {owner: "tenant", want: ownerOnly("not_found", false), exact: true,
		reqAs: func(w *authWorld, _ string) proto.Message {
			return &savedsearchv1.DeleteSavedSearchRequest{Id: w.ownerSavedSearch()}
		}},
	"/rentproof.savedsearch.v1.SavedSearchService/SetSavedSearchAlerts": {owner: "tenant", want: ownerOnly("not_found", false), exact: true,
		reqAs: func(w *authWorld, _ string) proto.Message {
			return &savedsearchv1.SetSavedSearchAlertsRequest{Id: w.ownerSavedSearch(), Alerts: false}
		}},

	// EnquiryService: any member writes to a listing's owner; a thread is its two members' only
	// (anyone else: not found, as a thread that does not exist); the owner answers viewings.
	"/rentproof.enquiry.v1.EnquiryService/StartEnquiry": {want: signedIn, req: func(w *authWorld) proto.Message {
		return &enquiryv1.StartEnquiryRequest{PropertyId: w.property, Message: "Is the flat still available?"}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/properties/%d/enquiries", w.property)
	}},
	"/rentproof.enquiry.v1.EnquiryService/ListMyEnquiries": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &enquiryv1.ListMyEnquiriesRequest{}
	}, rest: path("GET /api/user/enquiries")},
	"/rentproof.enquiry.v1.EnquiryService/ListReceivedEnquiries": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &enquiryv1.ListReceivedEnquiriesRequest{}
	}, rest: path("GET /api/user/enquiries/received")},
	"/rentproof.enquiry.v1.EnquiryService/GetThread": {owner: "tenant", want: ownerOnly("not_found", false), exact: true, req: func(w *authWorld) proto.Message {
		return &enquiryv1.GetThreadRequest{ThreadId: w.thread}
	}, rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("GET /api/enquiries/%d", w.thread) }},
	"/rentproof.enquiry.v1.EnquiryService/MarkThreadRead": {owner: "tenant", want: ownerOnly("not_found", false), exact: true, req: func(w *authWorld) proto.Message {
		return &enquiryv1.MarkThreadReadRequest{ThreadId: w.thread}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/read", w.thread)
	}},
	"/rentproof.enquiry.v1.EnquiryService/SendMessage": {owner: "tenant", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.SendMessageRequest{ThreadId: w.thread, Body: "Could I see it on Saturday?"}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/messages", w.thread)
	}},
	"/rentproof.enquiry.v1.EnquiryService/CloseThread": {owner: "tenant", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.CloseThreadRequest{ThreadId: w.thread}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/close", w.thread)
	}},
	"/rentproof.enquiry.v1.EnquiryService/RequestViewing": {owner: "tenant", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		zone, _ := time.LoadLocation("America/New_York")
		day := time.Now().In(zone).AddDate(0, 0, 4)
		return &enquiryv1.RequestViewingRequest{ThreadId: w.thread, Times: []string{day.Format("2006-01-02") + "T15:00"}}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/viewings", w.thread)
	}},
	"/rentproof.enquiry.v1.EnquiryService/AcceptViewingTime": {owner: "landlord", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.AcceptViewingTimeRequest{ViewingId: w.viewing, TimeId: w.viewingTime}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/viewings/%d/accept", w.viewing)
	}},
	"/rentproof.enquiry.v1.EnquiryService/DeclineViewing": {owner: "landlord", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.DeclineViewingRequest{ViewingId: w.viewing, Message: "Sorry, that week is booked."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/viewings/%d/decline", w.viewing)
	}},
	"/rentproof.enquiry.v1.EnquiryService/CancelViewing": {owner: "tenant", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.CancelViewingRequest{ViewingId: w.viewing}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/viewings/%d/cancel", w.viewing)
	}},
	"/rentproof.enquiry.v1.EnquiryService/BlockSender": {owner: "landlord", want: ownerOnly("not_found", false), req: func(w *authWorld) proto.Message {
		return &enquiryv1.BlockSenderRequest{ThreadId: w.thread}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/block", w.thread)
	}},
	"/rentproof.enquiry.v1.EnquiryService/ReportThread": {owner: "tenant", want: ownerOnly("not_found", false), exact: true, req: func(w *authWorld) proto.Message {
		return &enquiryv1.ReportThreadRequest{ThreadId: w.thread, Reason: "spam"}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/enquiries/%d/report", w.thread)
	}},
	"/rentproof.admin.v1.EnquiryReportService/ListReportedThreads": {want: adminOnly, exact: true, req: func(*authWorld) proto.Message {
		return &adminv1.ListReportedThreadsRequest{}
	}},
	"/rentproof.admin.v1.EnquiryReportService/HandleThreadReports": {want: adminOnly, req: func(w *authWorld) proto.Message {
		return &adminv1.HandleThreadReportsRequest{ThreadId: w.thread, Note: "Read it: nothing against the rules."}
	}},

	// TenancyService: a tenant's claim is the tenant's and its property owner's.
	"/rentproof.tenancy.v1.TenancyService/ClaimTenancy": {owner: "landlord", want: with(signedIn, map[caller]string{asOwner: "permission_denied"}), req: func(w *authWorld) proto.Message {
		return &tenancyv1.ClaimTenancyRequest{PropertyId: w.property, FromMonth: "2022-01", ToMonth: "2022-06"}
	}, rest: path("POST /api/tenancies")},
	"/rentproof.tenancy.v1.TenancyService/ListMyTenancies": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &tenancyv1.ListMyTenanciesRequest{} },
		rest: path("GET /api/tenancies")},
	"/rentproof.tenancy.v1.TenancyService/GetTenancy": {owner: "tenant", want: ownerOnly("not_found", true), exact: true, req: func(w *authWorld) proto.Message {
		return &tenancyv1.GetTenancyRequest{Id: w.tenancy}
	}, rest: func(w *authWorld, _ proto.Message) string { return fmt.Sprintf("GET /api/tenancies/%d", w.tenancy) }},
	"/rentproof.tenancy.v1.TenancyService/ListTenancyClaims": {owner: "landlord", want: ownerOnly("permission_denied", false), exact: true, req: func(w *authWorld) proto.Message {
		return &tenancyv1.ListTenancyClaimsRequest{PropertyId: w.property}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("GET /api/properties/%d/tenancy-claims", w.property)
	}},
	"/rentproof.tenancy.v1.TenancyService/ConfirmTenancy": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &tenancyv1.ConfirmTenancyRequest{Id: w.tenancy}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/tenancies/%d/confirm", w.tenancy)
	}},
	"/rentproof.tenancy.v1.TenancyService/CannotConfirmTenancy": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &tenancyv1.CannotConfirmTenancyRequest{Id: w.tenancy, Message: "I do not know this tenant."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/tenancies/%d/cannot-confirm", w.tenancy)
	}},
	"/rentproof.tenancy.v1.TenancyService/WithdrawTenancy": {owner: "tenant", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &tenancyv1.WithdrawTenancyRequest{Id: w.tenancy}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/tenancies/%d/withdraw", w.tenancy)
	}},

	// TokenService: one's own balance.
	"/rentproof.token.v1.TokenService/GetBalance": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &tokenv1.GetBalanceRequest{} },
		rest: path("GET /api/tokens/balance")},
	"/rentproof.token.v1.TokenService/ListTransactions": {want: signedIn, exact: true, req: func(*authWorld) proto.Message { return &tokenv1.ListTransactionsRequest{} },
		rest: path("GET /api/tokens/transactions")},

	// VerificationService: an owner asks verifiers about its listing; the verifier answers.
	"/rentproof.verification.v1.VerificationService/ListPotentialVerifiers": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &verificationv1.ListPotentialVerifiersRequest{Role: "landlord"}
	}, rest: path("GET /api/potential-verifiers?role=landlord")},
	"/rentproof.verification.v1.VerificationService/CreateVerificationRequest": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &verificationv1.CreateVerificationRequestRequest{PropertyId: w.property, VerifierUsernames: []string{"m_owner_agent"}, Message: "Please confirm."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("POST /api/properties/%d/verification-request", w.property)
	}},
	"/rentproof.verification.v1.VerificationService/ListCreatedVerificationRequests": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &verificationv1.ListCreatedVerificationRequestsRequest{}
	}},
	"/rentproof.verification.v1.VerificationService/ListReceivedVerificationRequests": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &verificationv1.ListReceivedVerificationRequestsRequest{}
	}},
	"/rentproof.verification.v1.VerificationService/AnswerVerificationRequest": {owner: "agent", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &verificationv1.AnswerVerificationRequestRequest{Id: w.request, Status: "rejected", ResponseMessage: "I do not know it."}
	}, rest: func(w *authWorld, _ proto.Message) string {
		return fmt.Sprintf("PATCH /api/verification-requests/%d", w.request)
	}},
	"/rentproof.verification.v1.VerificationService/ListConfirmationsToAccept": {want: signedIn, exact: true, req: func(*authWorld) proto.Message {
		return &verificationv1.ListConfirmationsToAcceptRequest{}
	}},
	"/rentproof.verification.v1.VerificationService/DecideConfirmation": {owner: "landlord", want: ownerOnly("permission_denied", false), req: func(w *authWorld) proto.Message {
		return &verificationv1.DecideConfirmationRequest{Id: w.request, Accept: false}
	}},
	"/rentproof.verification.v1.VerificationService/WithdrawVerification": {owner: "landlord", want: adminOnly, req: func(w *authWorld) proto.Message {
		return &verificationv1.WithdrawVerificationRequest{PropertyId: w.property, Reason: "Sold."}
	}},
}

// contractProcedures lists every rpc of every service the server serves, from the descriptors.
func contractProcedures(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, name := range server.Services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			t.Fatalf("service %s: %v", name, err)
		}
		methods := d.(protoreflect.ServiceDescriptor).Methods()
		for i := range methods.Len() {
			out = append(out, "/"+name+"/"+string(methods.Get(i).Name()))
		}
	}
	return out
}

// authCase is one request of the matrix.
type authCase struct {
	procedure, protocol string
	caller              caller
	want, answer        string
	exact               bool
}

// authResult counts a run of the matrix.
type authResult struct {
	cases, unexpectedSuccesses, failures atomic.Int64
	mu                                   sync.Mutex
	grid                                 map[string]string // procedure caller protocol → outcome, for MATRIX_DUMP
}

// refusalsOfWhatIsAsked are the answers an allowed caller may get on a row that is not exact:
// the request is refused for what it asks (REST's 409 stands for the two conflicts).
var refusalsOfWhatIsAsked = []string{"invalid_argument", "failed_precondition", "already_exists", "resource_exhausted", "409"}

// restStatus is the REST shim's status for an outcome.
var restStatus = map[string]int{
	allowed: http.StatusOK, "invalid_argument": http.StatusBadRequest, "resource_exhausted": http.StatusTooManyRequests, "unauthenticated": http.StatusUnauthorized, "permission_denied": http.StatusForbidden, "not_found": http.StatusNotFound,
}

// runAuthMatrix sends every case of the matrix once, the refusals first (they change nothing, so
// they meet the world as set up), then the allowed ones; each phase in parallel, but the allowed
// cases of rows that run alone one at a time, last.
func runAuthMatrix(t *testing.T, w *authWorld) *authResult {
	t.Helper()
	procedures := contractProcedures(t)
	for _, p := range procedures {
		if _, ok := authMatrix[p]; !ok {
			t.Errorf("%s is not in the authorization matrix: add its row (who may call it, and a valid request)", p)
		}
	}
	for p := range authMatrix {
		if !slices.Contains(procedures, p) {
			t.Errorf("the authorization matrix has a row for %s, which the contract does not serve", p)
		}
	}
	conn, err := grpc.NewClient(strings.TrimPrefix(w.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	res := &authResult{grid: map[string]string{}}
	var denied, ok, alone []authCase
	for _, p := range procedures {
		row, found := authMatrix[p]
		if !found {
			continue
		}
		protocols := []string{"connect", "grpc"}
		if row.rest != nil {
			protocols = append(protocols, "rest")
		}
		for _, c := range callers {
			for _, protocol := range protocols {
				ac := authCase{procedure: p, protocol: protocol, caller: c, want: row.want(c), exact: row.exact, answer: cmpOr(row.answer, allowed)}
				switch {
				case ac.want == allowed && row.alone:
					alone = append(alone, ac)
				case ac.want == allowed:
					ok = append(ok, ac)
				default:
					denied = append(denied, ac)
				}
			}
		}
	}
	for i, phase := range [][]authCase{denied, ok, alone} {
		t.Run(fmt.Sprintf("phase of %d", len(phase)), func(t *testing.T) {
			sem := make(chan struct{}, 8)
			if i == 2 {
				sem = make(chan struct{}, 1)
			}
			var wg sync.WaitGroup
			for _, ac := range phase {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer func() { <-sem; wg.Done() }()
					got, problem := w.send(conn, ac)
					res.cases.Add(1)
					res.mu.Lock()
					res.grid[ac.procedure+" "+string(ac.caller)+" "+ac.protocol] = got
					res.mu.Unlock()
					if ac.want != allowed && got == allowed {
						res.unexpectedSuccesses.Add(1)
					}
					if problem != "" {
						res.failures.Add(1)
						t.Errorf("%s by %s over %s: %s", ac.procedure, ac.caller, ac.protocol, problem)
					}
				}()
			}
			wg.Wait()
		})
	}
	if os.Getenv("MATRIX_DUMP") != "" {
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range res.grid {
				if !yield(k) {
					return
				}
			}
		})
		for _, k := range keys {
			t.Logf("%s → %s", k, res.grid[k])
		}
	}
	return res
}

// send makes one case's request and judges its answer: problem is "" when it is as expected.
func (w *authWorld) send(conn *grpc.ClientConn, ac authCase) (got, problem string) {
	row := authMatrix[ac.procedure]
	var msg proto.Message
	if row.reqAs != nil {
		msg = row.reqAs(w, username(ac.caller, cmpOr(row.owner, "tenant")))
	} else {
		msg = row.req(w)
	}
	token := w.token(ac.caller, cmpOr(row.owner, "tenant"))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	switch ac.protocol {
	case "connect":
		body, _ := proto.Marshal(msg)
		client := connect.NewClient[raw, raw](http.DefaultClient, w.URL+ac.procedure, connect.WithCodec(rawCodec{"proto"}))
		req := connect.NewRequest(&raw{body})
		if token != "" {
			req.Header().Set("Authorization", "Bearer "+token)
		}
		_, err := client.CallUnary(ctx, req)
		got = outcome(err)
	case "grpc":
		if token != "" {
			ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
		}
		wire, _ := proto.Marshal(msg)
		err := conn.Invoke(ctx, ac.procedure, &raw{wire}, &raw{}, grpc.ForceCodec(rawCodec{"proto"}))
		if err == nil {
			got = allowed
		} else {
			got = connect.Code(status.Code(err)).String()
		}
	case "rest":
		target := row.rest(w, msg)
		method, p, _ := strings.Cut(target, " ")
		var body []byte
		if method != http.MethodGet {
			if row.restBody != nil {
				msg = row.restBody(msg)
			}
			body, _ = protojson.Marshal(msg)
		}
		req, _ := http.NewRequestWithContext(ctx, method, w.URL+p, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return "error", err.Error()
		}
		res.Body.Close()
		got = fmt.Sprint(res.StatusCode)
		for o, s := range restStatus {
			if s == res.StatusCode {
				got = o
			}
		}
		if res.StatusCode >= 500 {
			return got, fmt.Sprintf("answered %d", res.StatusCode)
		}
	}
	switch {
	case ac.want != allowed && got != ac.want:
		return got, fmt.Sprintf("got %s, want %s", got, ac.want)
	case ac.want == allowed && got != allowed && got != ac.answer && (ac.exact || !slices.Contains(refusalsOfWhatIsAsked, got)):
		return got, "got " + got + ", want " + ac.answer
	case got == "internal" || got == "unknown" || got == "unavailable":
		return got, "server failure " + got
	}
	return got, ""
}

func outcome(err error) string {
	if err == nil {
		return allowed
	}
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Code().String()
	}
	return err.Error()
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Every rpc of the contract, by every kind of caller, over Connect, gRPC and the REST shim where
// it has a path, answers as the one table says: a refusal where it refuses, never a success.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	w := newAuthWorld(t)
	start := time.Now()
	res := runAuthMatrix(t, w)
	t.Logf("authorization matrix: %d rpcs, %d cases, %d unexpected successes, %d failures, in %v",
		len(authMatrix), res.cases.Load(), res.unexpectedSuccesses.Load(), res.failures.Load(), time.Since(start).Round(time.Millisecond))
}

// TestSoakAuthorizationMatrix runs the matrix three times over (a world each) and prints its
// figures.
func TestSoakAuthorizationMatrix(t *testing.T) {
	soak.Only(t)
	t.Parallel()
	var cases, unexpected, failures int64
	for range 3 {
		res := runAuthMatrix(t, newAuthWorld(t))
		cases += res.cases.Load()
		unexpected += res.unexpectedSuccesses.Load()
		failures += res.failures.Load()
	}
	soak.Figure("authorization rpcs", "%d", len(authMatrix))
	soak.Figure("authorization cases", "%d", cases)
	soak.Figure("authorization unexpected successes", "%d", unexpected)
	soak.Figure("authorization other mismatches", "%d", failures)
}
