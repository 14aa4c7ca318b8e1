package server

import (
	"net/http"
	"strings"
	"time"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/store"
)

// RecentWriteCookie marks a browser that sent a write in the last RecentWriteWindow: its reads go
// to the primary, so it sees what it wrote even while the replica lags (read-your-writes).
const RecentWriteCookie = "rentproof_wrote"

// RecentWriteWindow is how long after a write a browser's reads stay on the primary: far above a
// healthy streaming replica's lag (milliseconds), and short enough that most reads of a member
// who has not written lately still go to the replica.
const RecentWriteWindow = 30 * time.Second

// publicProcedures are the rpcs whose answers are the same public data for every caller but
// their saved flags: search, a property, its reviews and rating, similar and recent ones, the
// resource library. They may read from the replica, and (anonymous, over Connect GET) be cached.
var publicProcedures = map[string]bool{
	"/rentproof.property.v1.PropertyService/SearchProperties":      true,
	"/rentproof.property.v1.PropertyService/GetProperty":           true,
	"/rentproof.property.v1.PropertyService/BatchGetProperties":    true,
	"/rentproof.property.v1.PropertyService/ListSimilarProperties": true,
	"/rentproof.review.v1.ReviewService/ListPropertyReviews":       true,
	"/rentproof.review.v1.ReviewService/GetRatingSummary":          true,
	"/rentproof.review.v1.ReviewService/ListRecentReviews":         true,
	"/rentproof.resource.v1.ResourceService/ListResources":         true,
	"/rentproof.resource.v1.ResourceService/GetResource":           true,
}

// publicGets matches the REST paths of publicProcedures and the pages made of them (the web
// package's, with their first rpcs' answers in them), the sitemap and robots.txt.
var publicGets = func() *http.ServeMux {
	m := http.NewServeMux()
	for _, pattern := range []string{
		"GET /api/properties", "GET /api/properties/{id}", "GET /api/properties/{id}/reviews",
		"GET /api/resources", "GET /api/resources/{id}",
		"GET /{$}", "GET /index.html", "GET /find-properties", "GET /properties/{id}", "GET /resources",
		"GET /resources/{id}", "GET /location/{code}", "GET /sitemap.xml", "GET /robots.txt",
	} {
		m.Handle(pattern, http.NotFoundHandler())
	}
	return m
}()

// publicRead reports whether r asks for public data only: one of publicProcedures in any
// protocol, or a GET (or HEAD) of publicGets or of a numbered sitemap.
func publicRead(r *http.Request) bool {
	if publicProcedures[r.URL.Path] {
		return true
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if strings.HasPrefix(r.URL.Path, "/sitemap-") && strings.HasSuffix(r.URL.Path, ".xml") {
		return true
	}
	_, pattern := publicGets.Handler(r)
	return pattern != ""
}

// readOnlyProcedures are the rpcs the contract marks NO_SIDE_EFFECTS, by path.
var readOnlyProcedures = func() map[string]bool {
	out := map[string]bool{}
	for _, name := range Services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		service, ok := d.(protoreflect.ServiceDescriptor)
		if err != nil || !ok {
			continue
		}
		methods := service.Methods()
		for i := range methods.Len() {
			m := methods.Get(i)
			opts, _ := m.Options().(*descriptorpb.MethodOptions)
			if opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
				out["/"+name+"/"+string(m.Name())] = true
			}
		}
	}
	return out
}()

// mayWrite reports whether r may change what its client reads next: any request but a GET,
// HEAD or OPTIONS, or an rpc the contract marks NO_SIDE_EFFECTS.
func mayWrite(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return !readOnlyProcedures[r.URL.Path]
}

// routeReads chooses, per request, where its reads go: a public read (publicRead) from a client
// without a bearer token (gRPC and tools keep no cookie, so no window either) and without
// RecentWriteCookie may read from the replica; everything else reads the primary, including
// every read that decides a limit or a permission (sessions, rate events, ownership, balances:
// none of them is a public read). A request that may write starts its client's window.
func routeReads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mayWrite(r) {
			http.SetCookie(w, &http.Cookie{ //nolint:gosec // G124: Secure follows the request (TLS or a trusted proxy's https), as the session cookie's does
				Name: RecentWriteCookie, Value: "1", Path: "/", MaxAge: int(RecentWriteWindow / time.Second),
				HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: identity.ClientFrom(r.Context()).Secure,
			})
		} else if publicRead(r) && !hasBearer(r) && !recentlyWrote(r) {
			r = r.WithContext(store.AllowReplica(r.Context()))
		}
		next.ServeHTTP(w, r)
	})
}

func hasBearer(r *http.Request) bool { return r.Header.Get("Authorization") != "" }

func recentlyWrote(r *http.Request) bool {
	_, err := r.Cookie(RecentWriteCookie)
	return err == nil
}
