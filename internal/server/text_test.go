package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
)

// badText is text the server refuses everywhere (PostgreSQL cannot store NUL or invalid UTF-8;
// DEL and C1 controls only garble what people read), as each encoding carries it. marker stands for it in
// a request built the usual way; proto strings are length-prefixed, so wire keeps its length.
type badText struct {
	name  string
	wire  string // in binary protobuf
	json  string // inside a JSON string
	query string // in a URL query
	want  string // the answer's message
}

const marker = "QXQX"

var badTexts = []badText{
	{"NUL", "a\x00bc", `a\u0000b`, "a%00b", "Text must not contain control characters"},
	{"invalid UTF-8", "a\xffbc", "a\xffb", "a%FFb", "Text must be valid UTF-8"},
	{"DEL", "a\x7fbc", `a\u007fb`, "a%7Fb", "Text must not contain control characters"},
	{"C1 control", "a\u0085b", `a\u0085b`, "a%C2%85b", "Text must not contain control characters"},
}

// An attack sent 105 requests whose text PostgreSQL refuses (NUL, invalid UTF-8) and got 500s
// with ERROR logs. Every protocol refuses them at the edge: 400 / invalid_argument in words for
// the user, naming the field where it is known, nothing stored and nothing logged as an error.
func TestTextPostgreSQLCannotStoreIsRefusedOnEveryProtocol(t *testing.T) {
	t.Parallel()
	logged := &errorLog{}
	srv := testserver.Start(t, testserver.Options{Demo: true, Log: logged})
	landlord := signIn(t, srv.URL, "rafael_ortega")
	tenant := signIn(t, srv.URL, "maya_johnson")
	before := snapshot(t, srv.Pool)

	listing := &propertyv1.CreatePropertyRequest{
		Title: "Bright loft " + marker, Description: "Sunny two-bedroom loft with tall windows and a quiet street.",
		Address: "12 Elm Street", City: "Portland", State: "OR", ZipCode: "97201", Country: "United States",
		PropertyType: "loft", MonthlyRent: 2100, Bedrooms: 2, Bathrooms: 1, SquareFeet: 950, AreaUnit: "sqft", Currency: "USD",
	}
	review := &reviewv1.CreateReviewRequest{
		PropertyId: 3, Rating: 4, Title: "Quiet and bright", Content: "A quiet flat with a helpful landlord and fair rent.",
		ReviewType: "tenant_to_property", Language: "en", StayPeriod: "current", Pros: []string{"Light", "Quiet " + marker},
	}
	rpcs := []struct {
		procedure, field, token string
		msg                     proto.Message
	}{
		{propertyv1connect.PropertyServiceSearchPropertiesProcedure, "city", "", &propertyv1.SearchPropertiesRequest{City: marker}},
		{propertyv1connect.PropertyServiceSearchPropertiesProcedure, "query", "", &propertyv1.SearchPropertiesRequest{Query: "loft " + marker}},
		{accountv1connect.AccountServiceLoginProcedure, "username", "", &accountv1.LoginRequest{Username: "maya" + marker, Password: "rentproof-demo"}},
		{propertyv1connect.PropertyServiceCreatePropertyProcedure, "title", landlord, listing},
		{reviewv1connect.ReviewServiceReportReviewProcedure, "detail", landlord, &reviewv1.ReportReviewRequest{ReviewId: 1, Reason: "spam", Detail: "Copied " + marker}},
		{reviewv1connect.ReviewServiceCreateReviewProcedure, "pros", tenant, review},
	}

	conn, err := grpc.NewClient(strings.TrimPrefix(srv.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	for _, bad := range badTexts {
		t.Run(bad.name, func(t *testing.T) {
			for _, c := range rpcs {
				wire, _ := proto.Marshal(c.msg)
				wire = bytes.Replace(wire, []byte(marker), []byte(bad.wire), 1)
				jsonBody, _ := protojson.Marshal(c.msg)
				jsonBody = bytes.Replace(jsonBody, []byte(marker), []byte(bad.json), 1)
				name := c.procedure[strings.LastIndex(c.procedure, "/")+1:] + " " + c.field
				t.Run(name, func(t *testing.T) {
					// Connect (JSON and binary) and gRPC-Web, through the Connect client.
					for protocol, opts := range map[string][]connect.ClientOption{
						"connect json":  {connect.WithCodec(rawCodec{"json"})},
						"connect proto": {connect.WithCodec(rawCodec{"proto"})},
						"grpc-web":      {connect.WithCodec(rawCodec{"proto"}), connect.WithGRPCWeb()},
					} {
						t.Run(protocol, func(t *testing.T) {
							body, field := wire, c.field
							if protocol == "connect json" {
								body = jsonBody
								if bad.name == "invalid UTF-8" {
									field = "" // the body as a whole is not UTF-8: where is not known
								}
							}
							client := connect.NewClient[raw, raw](http.DefaultClient, srv.URL+c.procedure, opts...)
							req := connect.NewRequest(&raw{body})
							if c.token != "" {
								req.Header().Set("Authorization", "Bearer "+c.token)
							}
							_, err := client.CallUnary(context.Background(), req)
							ce, ok := errors.AsType[*connect.Error](err)
							if !ok || ce.Code() != connect.CodeInvalidArgument || ce.Message() != bad.want {
								t.Fatalf("got %v, want invalid_argument %q", err, bad.want)
							}
							if got := violations(ce.Details()); field != "" && got[field] != bad.want {
								t.Errorf("field violations %v, want %s", got, field)
							}
						})
					}

					// gRPC, through grpc-go.
					t.Run("grpc", func(t *testing.T) {
						ctx := context.Background()
						if c.token != "" {
							ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.token)
						}
						err := conn.Invoke(ctx, c.procedure, &raw{wire}, &raw{}, grpc.ForceCodec(rawCodec{"proto"}))
						st := status.Convert(err)
						if st.Code() != codes.InvalidArgument || st.Message() != bad.want {
							t.Fatalf("got %v, want InvalidArgument %q", err, bad.want)
						}
						var got map[string]string
						for _, d := range st.Details() {
							if br, ok := d.(*errdetails.BadRequest); ok {
								got = fieldMap(br)
							}
						}
						if got[c.field] != bad.want {
							t.Errorf("field violations %v, want %s", got, c.field)
						}
					})
				})
			}

			// The REST shim: query parameters and JSON bodies (report has no REST path).
			restCalls := []struct {
				method, path, field, token string
				body                       proto.Message
			}{
				{"GET", "/api/properties?city=" + bad.query, "city", "", nil},
				{"GET", "/api/properties?query=loft+" + bad.query, "query", "", nil},
				{"POST", "/api/login", "username", "", &accountv1.LoginRequest{Username: "maya" + marker, Password: "rentproof-demo"}},
				{"POST", "/api/properties", "title", landlord, listing},
				{"POST", "/api/properties/3/reviews", "pros", tenant, review},
			}
			for _, c := range restCalls {
				t.Run("REST "+c.method+" "+c.path, func(t *testing.T) {
					var body io.Reader
					field := c.field
					if c.body != nil {
						b, _ := protojson.Marshal(c.body)
						body = bytes.NewReader(bytes.Replace(b, []byte(marker), []byte(bad.json), 1))
						if bad.name == "invalid UTF-8" {
							field = ""
						}
					}
					req, _ := http.NewRequest(c.method, srv.URL+c.path, body)
					req.Header.Set("Content-Type", "application/json")
					if c.token != "" {
						req.Header.Set("Authorization", "Bearer "+c.token)
					}
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					var answer struct {
						Message string
						Errors  []struct{ Field, Message string }
					}
					err = json.NewDecoder(res.Body).Decode(&answer)
					res.Body.Close()
					if err != nil || res.StatusCode != http.StatusBadRequest || answer.Message != bad.want {
						t.Fatalf("%d %+v, want 400 %q", res.StatusCode, answer, bad.want)
					}
					if field != "" && (len(answer.Errors) != 1 || answer.Errors[0].Field != field || answer.Errors[0].Message != bad.want) {
						t.Errorf("errors %+v, want %s", answer.Errors, field)
					}
				})
			}
		})
	}

	if after := snapshot(t, srv.Pool); fmt.Sprint(after) != fmt.Sprint(before) {
		for table, state := range after {
			if before[table] != state {
				t.Errorf("table %s changed", table)
			}
		}
	}
	if errs := logged.errors(); len(errs) > 0 {
		t.Errorf("%d ERROR log lines, first: %s", len(errs), errs[0])
	}
}

// raw is a request or answer passed as the bytes on the wire, so a test can send what a careful
// client library never would.
type raw struct{ b []byte }

// rawCodec passes raw messages through, under the name of the codec it stands for; the protocol's
// own messages (error details) are binary protobuf.
type rawCodec struct{ name string }

func (c rawCodec) Name() string { return c.name }

func (rawCodec) Marshal(v any) ([]byte, error) {
	if r, ok := v.(*raw); ok {
		return r.b, nil
	}
	return proto.Marshal(v.(proto.Message))
}

func (rawCodec) Unmarshal(b []byte, v any) error {
	if r, ok := v.(*raw); ok {
		r.b = append([]byte(nil), b...)
		return nil
	}
	return proto.Unmarshal(b, v.(proto.Message))
}

// violations maps each field of an error's BadRequest detail to its message.
func violations(details []*connect.ErrorDetail) map[string]string {
	for _, d := range details {
		if v, err := d.Value(); err == nil {
			if br, ok := v.(*errdetails.BadRequest); ok {
				return fieldMap(br)
			}
		}
	}
	return nil
}

func fieldMap(br *errdetails.BadRequest) map[string]string {
	out := map[string]string{}
	for _, fv := range br.GetFieldViolations() {
		out[fv.GetField()] = fv.GetDescription()
	}
	return out
}

// signIn signs a demo user in and returns the session token, for a bearer header.
func signIn(t *testing.T, base, username string) string {
	t.Helper()
	body := strings.NewReader(`{"username":"` + username + `","password":"rentproof-demo"}`)
	res, err := http.Post(base+"/api/login", "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if c.Name == "rentproof_session" {
			return c.Value
		}
	}
	t.Fatalf("sign in %s: %d, no session cookie", username, res.StatusCode)
	return ""
}

// snapshot is every table's row count and content digest.
func snapshot(t *testing.T, pool *pgxpool.Pool) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string]string{}
	for _, table := range tables {
		var state string
		err := pool.QueryRow(ctx, fmt.Sprintf(
			`SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM %q t`, table)).Scan(&state)
		if err != nil {
			t.Fatal(err)
		}
		out[table] = state
	}
	return out
}

// errorLog records what the server logs at ERROR level.
type errorLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *errorLog) errors() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

func (l *errorLog) Enabled(context.Context, slog.Level) bool { return true }

func (l *errorLog) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		line := r.Message
		r.Attrs(func(a slog.Attr) bool {
			line += " " + a.String()
			return true
		})
		l.mu.Lock()
		l.lines = append(l.lines, line)
		l.mu.Unlock()
	}
	return nil
}

func (l *errorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *errorLog) WithGroup(string) slog.Handler      { return l }

// A name or a title with a bidirectional override or isolate ("Trojan Source": a name that reads
// as another) is refused on every protocol, in the user's words and naming the field; a review's
// content keeps them, as writers of right-to-left languages use them.
func TestDirectionControlsInNamesAreRefusedOnEveryProtocol(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true})
	landlord := signIn(t, srv.URL, "rafael_ortega")
	const want = "Names and titles must not contain characters that change the direction of text"
	before := snapshot(t, srv.Pool)

	register := &accountv1.RegisterRequest{Username: "mallory", Email: "mallory@example.com", Password: "s3cret-pass",
		FirstName: "Ada\u202Enosliw", LastName: "Tester", Role: "tenant"}
	listing := &propertyv1.CreatePropertyRequest{
		Title: "Loft \u2066by the river\u2069", Description: "Sunny two-bedroom loft with tall windows and a quiet street.",
		Address: "12 Elm Street", City: "Portland", State: "OR", ZipCode: "97201", Country: "United States",
		PropertyType: "loft", MonthlyRent: 2100, Bedrooms: 2, Bathrooms: 1, SquareFeet: 950, AreaUnit: "sqft", Currency: "USD",
	}
	ctx := context.Background()
	accounts := accountv1connect.NewAccountServiceClient(http.DefaultClient, srv.URL)
	properties := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, srv.URL, connect.WithGRPCWeb())
	req := connect.NewRequest(listing)
	req.Header().Set("Authorization", "Bearer "+landlord)
	_, errRegister := accounts.Register(ctx, connect.NewRequest(register))
	_, errListing := properties.CreateProperty(ctx, req)
	for name, c := range map[string]struct {
		err   error
		field string
	}{"connect Register": {errRegister, "firstName"}, "grpc-web CreateProperty": {errListing, "title"}} {
		ce, ok := errors.AsType[*connect.Error](c.err)
		if !ok || ce.Code() != connect.CodeInvalidArgument || ce.Message() != want || violations(ce.Details())[c.field] != want {
			t.Errorf("%s: %v, want invalid_argument %q on %s", name, c.err, want, c.field)
		}
	}

	conn, err := grpc.NewClient(strings.TrimPrefix(srv.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	err = conn.Invoke(ctx, accountv1connect.AccountServiceRegisterProcedure, register, &accountv1.RegisterResponse{})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || st.Message() != want {
		t.Errorf("grpc Register: %v", err)
	}

	body, _ := protojson.Marshal(listing)
	res, err := http.DefaultClient.Do(func() *http.Request {
		r, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/properties", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer "+landlord)
		return r
	}())
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Message string
		Errors  []struct{ Field, Message string }
	}
	_ = json.NewDecoder(res.Body).Decode(&answer)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest || answer.Message != want || len(answer.Errors) != 1 || answer.Errors[0].Field != "title" {
		t.Errorf("REST POST /api/properties: %d %+v", res.StatusCode, answer)
	}
	if after := snapshot(t, srv.Pool); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Error("a refused request changed the database")
	}
}
