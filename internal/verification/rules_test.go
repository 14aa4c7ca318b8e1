package verification_test

import (
	"context"
	"slices"
	"testing"

	verificationv1 "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/verification"
)

func TestPotentialVerifiers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	me := w.Established(t, "Alice", "tenant")
	for _, name := range []string{"BobLandlord", "bobby_lord", "carol", "dave_100%"} {
		w.Established(t, name, "landlord")
	}
	w.Person(t, "bob_new", "landlord")       // not established: never listed
	w.Established(t, "bob_tenant", "tenant") // another role
	w.Established(t, "bob_admin", "admin")   // administrators confirm nothing
	carolina := w.Established(t, "carolina", "landlord")

	list := func(token, role, query string, page, size int32) ([]string, bool, string) {
		res, err := w.verification.ListPotentialVerifiers(ctx, testworld.As(token, &verificationv1.ListPotentialVerifiersRequest{
			Role: role, Query: query, Page: page, PageSize: size,
		}))
		if err != nil {
			return nil, false, testworld.Failure(err)
		}
		var names []string
		for _, v := range res.Msg.Verifiers {
			if v.Role != role || v.Id == 0 {
				t.Errorf("verifier %v is not a %s", v, role)
			}
			names = append(names, v.Username)
		}
		return names, res.Msg.HasMore, "ok"
	}
	for name, c := range map[string]struct {
		token, role, query string
		page, size         int32
		want               []string
		more               bool
		failure            string
	}{
		"every landlord, username order": {me, "landlord", "", 0, 0, []string{"bobby_lord", "BobLandlord", "carol", "carolina", "dave_100%"}, false, "ok"},
		"substring ignoring case":        {me, "landlord", "BOB", 0, 0, []string{"bobby_lord", "BobLandlord"}, false, "ok"},
		"a percent sign is literal":      {me, "landlord", "%", 0, 0, []string{"dave_100%"}, false, "ok"},
		"an underscore is literal":       {me, "landlord", "_", 0, 0, []string{"bobby_lord", "dave_100%"}, false, "ok"},
		"first page":                     {me, "landlord", "", 1, 3, []string{"bobby_lord", "BobLandlord", "carol"}, true, "ok"},
		"second page":                    {me, "landlord", "", 2, 3, []string{"carolina", "dave_100%"}, false, "ok"},
		"tenants, never the caller":      {me, "tenant", "", 0, 0, []string{"bob_tenant"}, false, "ok"},
		"the caller is left out":         {carolina, "landlord", "carol", 0, 0, []string{"carol"}, false, "ok"},
		"signed out":                     {"", "landlord", "", 0, 0, nil, false, "unauthenticated: Please sign in to choose verifiers."},
		"no role":                        {me, "", "", 0, 0, nil, false, "invalid_argument: Role must be tenant, landlord, agent or property_manager"},
		"admin is no verifier role":      {me, "admin", "", 0, 0, nil, false, "invalid_argument: Role must be tenant, landlord, agent or property_manager"},
		"query too long":                 {me, "landlord", long(51), 0, 0, nil, false, "invalid_argument: Search must be at most 50 characters"},
		"page size too large":            {me, "landlord", "", 1, 51, nil, false, "invalid_argument: Page size must be between 1 and 50"},
	} {
		t.Run(name, func(t *testing.T) {
			names, more, got := list(c.token, c.role, c.query, c.page, c.size)
			if got != c.failure || !slices.Equal(names, c.want) || more != c.more {
				t.Errorf("got %v (more %v) %q, want %v (more %v) %q", names, more, got, c.want, c.more, c.failure)
			}
		})
	}
}

// Every refusal of CreateVerificationRequest, with the message a person reads.
func TestCreateRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	tenant := w.Established(t, "tina", "tenant")
	w.Established(t, "larry", "landlord")
	w.Established(t, "vera", "tenant")
	w.Established(t, "agnes", "agent")
	w.Person(t, "fresh", "landlord")
	w.Established(t, "root", "admin")
	verified := w.Property(t, "olga", "Verified villa")
	w.Exec(t, `INSERT INTO property_verifications (property_id, proof) VALUES ($1, 'demo')`, verified)
	olga, larry, fresh, vera := w.UserID(t, "olga"), w.UserID(t, "larry"), w.UserID(t, "fresh"), w.UserID(t, "vera")
	tina := w.UserID(t, "tina")

	// Requests that stand before the refusals below: vera pending on the flat (from the owner),
	// agnes already answered.
	w.ask(t, owner, flat, "vera")
	agnesReq := w.ask(t, owner, flat, "agnes")[0]
	if _, err := w.answer("token-agnes", agnesReq.Id, "rejected"); err != nil {
		t.Fatal(err)
	}

	page := func(to int32, notes string) *verificationv1.CreateVerificationRequestRequest {
		return &verificationv1.CreateVerificationRequestRequest{PropertyId: flat, RequestedToId: to, Notes: notes}
	}
	landlordPath := func(message string, names ...string) *verificationv1.CreateVerificationRequestRequest {
		return &verificationv1.CreateVerificationRequestRequest{PropertyId: flat, VerifierUsernames: names, Message: message}
	}
	on := func(id int32, r *verificationv1.CreateVerificationRequestRequest) *verificationv1.CreateVerificationRequestRequest {
		r.PropertyId = id
		return r
	}
	for name, c := range map[string]struct {
		token string
		req   *verificationv1.CreateVerificationRequestRequest
		want  string
	}{
		"signed out":                       {"", page(larry, ""), "unauthenticated: You must be logged in to request verification."},
		"missing property":                 {tenant, on(9999, page(larry, "")), "not_found: Property information not found."},
		"landlord path by a non-owner":     {tenant, landlordPath("", "vera"), "permission_denied: You can only request verification for your own properties."},
		"property page path by the owner":  {owner, page(larry, ""), "permission_denied: You own this property. To have it confirmed, send requests to verifiers from its verification request page."},
		"no landlord chosen":               {tenant, page(0, ""), "invalid_argument: Please select a landlord to verify the property"},
		"notes over 500":                   {tenant, page(larry, long(501)), "invalid_argument: Notes must be less than 500 characters"},
		"no verifier":                      {owner, landlordPath(""), "invalid_argument: At least one verifier is required"},
		"blank verifiers only":             {owner, landlordPath("", " ", ""), "invalid_argument: At least one verifier is required"},
		"note over 500":                    {owner, landlordPath(long(501), "larry"), "invalid_argument: Note must be less than 500 characters"},
		"a verifier twice":                 {owner, landlordPath("", "larry", "LARRY"), "invalid_argument: LARRY is listed more than once: each verifier is asked once"},
		"both shapes":                      {tenant, &verificationv1.CreateVerificationRequestRequest{PropertyId: flat, RequestedToId: larry, VerifierUsernames: []string{"vera"}}, "invalid_argument: Send either a landlord to ask (requestedToId, notes) or verifiers (verifierUsernames, message), not both."},
		"unknown username":                 {owner, landlordPath("", "larry", "ghost"), "not_found: No account with the username ghost was found."},
		"unknown landlord":                 {tenant, page(424242, ""), "not_found: The selected landlord was not found."},
		"to oneself, property page":        {tenant, page(tina, ""), "invalid_argument: You cannot send a verification request to yourself."},
		"to oneself, landlord path":        {owner, landlordPath("", "olga"), "invalid_argument: You cannot send a verification request to yourself."},
		"to the owner":                     {tenant, page(olga, ""), "invalid_argument: olga owns this property and cannot confirm it. Please choose someone else."},
		"to a tenant on the property page": {tenant, page(vera, ""), "invalid_argument: vera is not a landlord. Please select a landlord to verify the property"},
		"to an administrator":              {owner, landlordPath("", "root"), "invalid_argument: root cannot be asked to confirm properties."},
		"a fresh account":                  {tenant, page(fresh, ""), "failed_precondition: fresh cannot confirm properties yet: only accounts open for at least 7 days with a published review can."},
		"a fresh account among verifiers":  {owner, landlordPath("", "larry", "fresh"), "failed_precondition: fresh cannot confirm properties yet: only accounts open for at least 7 days with a published review can."},
		"already verified":                 {tenant, on(verified, page(larry, "")), "failed_precondition: This property is already verified."},
		"already verified, landlord path":  {owner, on(verified, landlordPath("", "larry")), "failed_precondition: This property is already verified."},
		"duplicate pending":                {owner, landlordPath("", "larry", "vera"), "already_exists: vera already has a pending request to verify this property."},
		"answered before":                  {owner, landlordPath("", "agnes"), "already_exists: agnes has already answered a request to verify this property."},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := w.verification.CreateVerificationRequest(ctx, testworld.As(c.token, c.req))
			if got := testworld.Failure(err); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Nothing refused above was stored: vera's and agnes's requests only.
	if n := w.ID(t, `SELECT count(*) FROM verification_requests`); n != 2 {
		t.Errorf("%d requests stored, want 2", n)
	}

	// A pending request to larry from a tenant blocks the owner's too, and the other way round.
	if _, err := w.verification.CreateVerificationRequest(ctx, testworld.As(tenant, page(larry, "Looks right"))); err != nil {
		t.Fatal(err)
	}
	_, err := w.verification.CreateVerificationRequest(ctx, testworld.As(owner, landlordPath("", "larry")))
	if got, want := testworld.Failure(err), "already_exists: larry already has a pending request to verify this property."; got != want {
		t.Errorf("owner after tenant: %s", got)
	}

	// An expired request reads as expired, cannot be answered and no longer blocks a new one.
	w.Exec(t, `UPDATE verification_requests SET created_at = now() - interval '31 days', expires_at = now() - interval '1 day'
		WHERE requested_to_id = $1`, vera)
	received, err := w.verification.ListReceivedVerificationRequests(ctx, testworld.As("token-vera", &verificationv1.ListReceivedVerificationRequestsRequest{}))
	if err != nil || len(received.Msg.Requests) != 1 || received.Msg.Requests[0].Status != verification.StatusExpired {
		t.Fatalf("vera's expired request: %v %v", received, err)
	}
	_, err = w.answer("token-vera", received.Msg.Requests[0].Id, "approved")
	if got, want := testworld.Failure(err), "failed_precondition: This request has expired: requests can be answered for 30 days."; got != want {
		t.Errorf("answer an expired request: %s", got)
	}
	again := w.ask(t, owner, flat, "vera")
	if again[0].Status != verification.StatusPending {
		t.Errorf("asked again after expiry: %v", again[0])
	}
	if got := w.Balance(t, "token-vera"); got != 10 {
		t.Errorf("vera earned for an expired request: %d", got)
	}
}

func TestAnswerRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	owner := w.Established(t, "olga", "landlord")
	flat := w.Property(t, "olga", "Garden flat")
	w.Established(t, "vera", "tenant")
	w.Established(t, "wes", "tenant")
	w.Established(t, "xena", "tenant")
	reqs := w.ask(t, owner, flat, "vera", "wes", "xena")
	vera, wes, xena := reqs[2].Id, reqs[1].Id, reqs[0].Id // newest first: xena, wes, vera
	if reqs[2].RequestedTo.Username != "vera" {
		t.Fatalf("requests: %v", reqs)
	}
	if _, err := w.answer("token-wes", wes, "rejected"); err != nil {
		t.Fatal(err)
	}

	// In order: the approval closes xena's request.
	for _, c := range []struct {
		name   string
		token  string
		id     int32
		status string
		want   string
	}{
		{"signed out", "", vera, "approved", "unauthenticated: You must be logged in to answer a verification request."},
		{"not the addressee", "token-wes", vera, "approved", "permission_denied: Only the person this request was sent to can answer it."},
		{"the owner", owner, vera, "approved", "permission_denied: Only the person this request was sent to can answer it."},
		{"no status", "token-vera", vera, "", "invalid_argument: Status must be approved or rejected"},
		{"a status not an answer", "token-vera", vera, "paid", "invalid_argument: Status must be approved or rejected"},
		{"missing request", "token-vera", 987654, "approved", "not_found: Verification request not found."},
		{"answered twice", "token-wes", wes, "approved", "failed_precondition: This request has already been answered."},
		{"the approval", "token-vera", vera, "approved", "ok"},
		{"approved twice", "token-vera", vera, "rejected", "failed_precondition: This request has already been answered."},
		{"closed by that approval", "token-xena", xena, "approved", "failed_precondition: This request was closed: the property was verified through another request."},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.answer(c.token, c.id, c.status)
			if got := testworld.Failure(err); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	res, err := w.verification.AnswerVerificationRequest(context.Background(), testworld.As("token-vera",
		&verificationv1.AnswerVerificationRequestRequest{Id: vera, Status: "approved", ResponseMessage: long(501)}))
	if got, want := testworld.Failure(err), "invalid_argument: Message must be less than 500 characters"; got != want || res != nil {
		t.Errorf("long response message: %s", got)
	}
	// Who earned what: vera and wes answered (1 each); xena's request closed without a reward.
	for token, want := range map[string]int32{"token-vera": 11, "token-wes": 11, "token-xena": 10, owner: 10} {
		if got := w.Balance(t, token); got != want {
			t.Errorf("%s: balance %d, want %d", token, got, want)
		}
	}
}
