// Package server wires the services into one HTTP handler and serves it: Connect, gRPC and
// gRPC-Web (HTTP/2 without TLS), gRPC reflection and health, the /api REST shim, uploaded files
// and the web pages (internal/web), behind the HTTP edge (Identify, Authenticate, body limits,
// timeouts, security headers, logging and recovery).
package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/admin/v1/adminv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/contact/v1/contactv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/enquiry/v1/enquiryv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/gamification/v1/gamificationv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/notification/v1/notificationv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/payment/v1/paymentv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1/savedsearchv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/statistics/v1/statisticsv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/tenancy/v1/tenancyv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/token/v1/tokenv1connect"
	"github.com/rentproof/rentproof/gen/rentproof/verification/v1/verificationv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/api"
	"github.com/rentproof/rentproof/internal/contact"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/enquiry"
	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/passkey"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/property"
	"github.com/rentproof/rentproof/internal/resource"
	"github.com/rentproof/rentproof/internal/rest"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/rpc"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/statistics"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/verification"
	"github.com/rentproof/rentproof/internal/verifyqueue"
	"github.com/rentproof/rentproof/internal/web"
)

// Options are what the handler needs beside the database.
type Options struct {
	// SPA is the built single-page app.
	SPA fs.FS
	// MaxBodyBytes caps every request body (default 1 MiB).
	MaxBodyBytes int64
	// Uploads stores and serves user uploads.
	Uploads *upload.Service
	// Documents stores owners' private ownership documents (nil: no document paths).
	Documents *document.Service
	// Tenancies holds tenancy claims and stores tenants' private documents (nil: claims without
	// the documents path).
	Tenancies *tenancy.Service
	// Exports builds and opens members' copies of their data (nil: the rpcs without the download
	// path; the builder job is cmd/server's).
	Exports *dataexport.Service
	// Refunder owes a rejected paid check's fee back in the rejection's transaction; nil (the
	// default): the server's payment service, whose refund worker makes it (Stripe, or recorded
	// in demo mode).
	Refunder verifyqueue.Refunder
	// FixedPlans is a pool from store.OpenFixedPlans for the statements that keep one plan
	// (default: the main pool, where PostgreSQL plans them again on every call).
	FixedPlans *pgxpool.Pool
	// CustomPlans is a pool from store.OpenCustomPlans for the searches with filters (default:
	// none, and they run unnamed on the main pool, parsed on every call: store.CustomPlans).
	CustomPlans *pgxpool.Pool
	// Replica, ReplicaFixedPlans and ReplicaCustomPlans are pools on a streaming replica (nil:
	// none), from store.OpenReplica: the public reads of clients that have not written lately go
	// there (routeReads, store.Reads).
	Replica, ReplicaFixedPlans, ReplicaCustomPlans *pgxpool.Pool
	// TrustedProxies is how many proxies stand in front of the server, each appending its peer to
	// X-Forwarded-For: the client address and scheme come from the hop they received the request
	// from. 0 (the default) believes no forwarding header.
	TrustedProxies int
	// Limits are the daily limits an operator tunes; zero fields keep the services' defaults.
	Limits Limits
	// MapTiles is the street map's tile server; none (the default) keeps the offline drawing.
	MapTiles web.MapTiles
	// Payments configures card payments (Stripe); without a secret key, demo mode.
	Payments payment.Config
	// PublicURL is the site's public origin ("https://rentproof.example", from web.ParsePublicURL),
	// which canonical links, link previews, the sitemap and robots.txt name; "" takes the scheme
	// and host of each request.
	PublicURL string
	// MailOrigin is the origin of the links in emails: PUBLIC_URL, or the address the server
	// listens on. Never a request's Host, which anyone can forge; "" → siteorigin.Fallback.
	MailOrigin string
}

// Limits are the daily limits on registrations and reports, and the limits on enquiries.
type Limits struct {
	Accounts  account.Limits
	Reviews   review.Limits
	Enquiries enquiry.Limits
}

// Services lists every rpc service of the contract, for reflection and health.
var Services = []string{
	accountv1connect.AccountServiceName,
	accountv1connect.AccountEmailServiceName,
	accountv1connect.AccountSecurityServiceName,
	accountv1connect.PasskeyServiceName,
	accountv1connect.AccountClosureServiceName,
	accountv1connect.DataExportServiceName,
	adminv1connect.AdminServiceName,
	adminv1connect.AdminAccountServiceName,
	adminv1connect.DocumentServiceName,
	adminv1connect.EnquiryReportServiceName,
	adminv1connect.ModerationServiceName,
	adminv1connect.OutboxServiceName,
	contactv1connect.ContactServiceName,
	enquiryv1connect.EnquiryServiceName,
	gamificationv1connect.GamificationServiceName,
	notificationv1connect.NotificationServiceName,
	paymentv1connect.PaymentServiceName,
	propertyv1connect.PropertyServiceName,
	resourcev1connect.ResourceServiceName,
	reviewv1connect.ReviewServiceName,
	savedsearchv1connect.SavedSearchServiceName,
	statisticsv1connect.StatisticsServiceName,
	tenancyv1connect.TenancyServiceName,
	tokenv1connect.TokenServiceName,
	verificationv1connect.VerificationServiceName,
}

// NewHandler builds the whole product's HTTP handler over pool.
func NewHandler(pool *pgxpool.Pool, opts Options) http.Handler {
	if opts.MaxBodyBytes == 0 {
		opts.MaxBodyBytes = 1 << 20
	}
	if opts.FixedPlans == nil {
		opts.FixedPlans = pool
	}
	if opts.ReplicaFixedPlans == nil {
		opts.ReplicaFixedPlans = opts.Replica
	}
	accounts := account.NewService(pool).WithLimits(opts.Limits.Accounts)
	if opts.Documents != nil {
		accounts = accounts.WithFiles(opts.Documents.Files()) // a closed account's documents
	}
	// The services of the public reads read through a router: the replica when the request allows
	// it (routeReads), the primary otherwise. Their writes and transactions stay on the primary.
	reads := store.NewReads(pool, opts.Replica)
	customReads := store.CustomPlans(reads)
	if opts.CustomPlans != nil && (opts.Replica == nil || opts.ReplicaCustomPlans != nil) {
		customReads = reads.Beside(opts.CustomPlans, opts.ReplicaCustomPlans)
	}
	// A search page's rows, and a property's reviews, recur unchanged on every visit: their
	// decoding is remembered (store.Decoded).
	plainReads := store.NewDecoded(reads.Beside(opts.FixedPlans, opts.ReplicaFixedPlans))
	properties := property.NewService(pool, opts.FixedPlans, opts.Uploads).
		ReadingFrom(reads, plainReads, store.NewDecoded(customReads))
	payments := payment.NewService(pool, opts.Payments)
	if opts.Refunder == nil {
		opts.Refunder = payments // a rejected paid check's fee is owed back, then refunded by RunRefunds
	}
	resources := resource.ReadingFrom(reads)
	reviews := review.NewService(pool, opts.Uploads).WithLimits(opts.Limits.Reviews).ReadingFrom(store.NewDecoded(reads))
	inbox := notify.NewInbox(pool)
	verifications := verification.NewService(pool)
	accountRPCs := api.NewAccount(accounts).CountingUnread(inbox)
	accountSecurity := api.NewAccountSecurity(accounts)
	enquiries := api.NewEnquiry(enquiry.NewService(pool).WithLimits(opts.Limits.Enquiries))
	handlers := rest.Handlers{
		PropertyImages: properties,
		ReviewPhotos:   reviews,
		Account:        accountRPCs,
		Resource:       api.NewResource(resources),
		Property:       api.NewProperty(properties),
		Review:         api.NewReview(reviews),
		Statistics:     api.NewStatistics(statistics.NewService(pool)),
		Verification:   api.NewVerification(verifications),
		Token:          api.NewToken(ledger.NewService(pool)),
		Payment:        api.NewPayment(payments),
		Gamification: api.NewGamification(gamification.NewService(pool, func(ctx context.Context) (int, error) {
			return store.MigrateCounting(ctx, pool, pool.Config().ConnString())
		}, seed.Gamification)),
		StripeWebhook:   payments,
		Contact:         api.NewContact(contact.NewService(pool)),
		Moderation:      api.NewModeration(reviews, verifications),
		AccountSecurity: accountSecurity,
		// The relying party of passkeys is the site's public origin (PUBLIC_URL or the listen address).
		Passkey: api.NewPasskey(passkey.NewService(pool, accounts, cmp.Or(opts.MailOrigin, siteorigin.Fallback))),
		Closure: api.NewAccountClosure(accounts),
		Enquiry: enquiries,
	}

	if opts.Documents != nil {
		handlers.Documents, handlers.Document = opts.Documents, api.NewDocuments(opts.Documents)
	}
	tenancies := opts.Tenancies
	if tenancies == nil {
		tenancies = tenancy.New(nil, pool) // no file store: the documents path is not routed
	} else {
		handlers.TenancyDocuments = tenancies
	}
	handlers.Tenancy = api.NewTenancy(tenancies)
	exports := opts.Exports
	if exports == nil {
		exports = dataexport.New(nil, pool) // no file store: the download path is not routed
	} else {
		handlers.DataExportFiles = exports
	}
	handlers.DataExport = api.NewDataExport(exports)

	// The REST shim runs the same interceptors in process (rpc.Invoke).
	rpcOpts := connect.WithHandlerOptions(
		connect.WithInterceptors(rpc.Interceptors()...),
		connect.WithRecover(rpc.Recover),
		connect.WithReadMaxBytes(int(opts.MaxBodyBytes)),
		connect.WithCodec(rpc.JSONCodec{}),
		connect.WithCodec(rpc.ProtoCodec{}),
	)
	// Only the API looks up sessions; static files and probes never cost a query.
	authenticated := func(path string, h http.Handler) (string, http.Handler) {
		return path, Authenticate(accounts, h)
	}
	// Every rpc handler answers a request it cannot read as the client's mistake (rpcEdge), the
	// services before any session lookup.
	rpcErrors := connect.NewErrorWriter(rpcOpts)
	edge := func(path string, h http.Handler) (string, http.Handler) {
		return path, rpcEdge(rpcErrors, h)
	}
	service := func(path string, h http.Handler) (string, http.Handler) {
		return edge(authenticated(path, h))
	}
	mux := http.NewServeMux()
	mux.Handle(service(accountv1connect.NewAccountServiceHandler(handlers.Account, rpcOpts)))
	mux.Handle(service(accountv1connect.NewAccountEmailServiceHandler(accountRPCs, rpcOpts)))
	mux.Handle(service(accountv1connect.NewAccountSecurityServiceHandler(accountSecurity, rpcOpts)))
	mux.Handle(service(accountv1connect.NewPasskeyServiceHandler(handlers.Passkey, rpcOpts)))
	mux.Handle(service(accountv1connect.NewAccountClosureServiceHandler(handlers.Closure, rpcOpts)))
	mux.Handle(service(adminv1connect.NewAdminAccountServiceHandler(handlers.Closure, rpcOpts)))
	mux.Handle(service(accountv1connect.NewDataExportServiceHandler(handlers.DataExport, rpcOpts)))
	mux.Handle(service(resourcev1connect.NewResourceServiceHandler(handlers.Resource, rpcOpts)))
	mux.Handle(service(propertyv1connect.NewPropertyServiceHandler(handlers.Property, rpcOpts)))
	mux.Handle(service(reviewv1connect.NewReviewServiceHandler(handlers.Review, rpcOpts)))
	mux.Handle(service(statisticsv1connect.NewStatisticsServiceHandler(handlers.Statistics, rpcOpts)))
	mux.Handle(service(verificationv1connect.NewVerificationServiceHandler(handlers.Verification, rpcOpts)))
	mux.Handle(service(tokenv1connect.NewTokenServiceHandler(handlers.Token, rpcOpts)))
	mux.Handle(service(paymentv1connect.NewPaymentServiceHandler(handlers.Payment, rpcOpts)))
	mux.Handle(service(gamificationv1connect.NewGamificationServiceHandler(handlers.Gamification, rpcOpts)))
	mux.Handle(service(contactv1connect.NewContactServiceHandler(handlers.Contact, rpcOpts)))
	mux.Handle(service(enquiryv1connect.NewEnquiryServiceHandler(enquiries, rpcOpts)))
	mux.Handle(service(adminv1connect.NewEnquiryReportServiceHandler(enquiries, rpcOpts)))
	mux.Handle(service(tenancyv1connect.NewTenancyServiceHandler(handlers.Tenancy, rpcOpts)))
	mux.Handle(service(savedsearchv1connect.NewSavedSearchServiceHandler(api.NewSavedSearch(savedsearch.NewService(pool, properties)), rpcOpts)))
	mux.Handle(service(notificationv1connect.NewNotificationServiceHandler(api.NewNotification(inbox), rpcOpts)))
	mux.Handle(service(adminv1connect.NewAdminServiceHandler(api.NewAdmin(verifyqueue.NewService(pool, opts.Refunder), tenancies), rpcOpts)))
	mux.Handle(service(adminv1connect.NewModerationServiceHandler(handlers.Moderation, rpcOpts)))
	mux.Handle(service(adminv1connect.NewOutboxServiceHandler(api.NewOutbox(mail.NewAdmin(pool)), rpcOpts)))
	if handlers.Document != nil {
		mux.Handle(service(adminv1connect.NewDocumentServiceHandler(handlers.Document, rpcOpts)))
	}
	mux.Handle(authenticated("/api/", rest.New(handlers)))

	reflector := grpcreflect.NewStaticReflector(append(Services, grpchealth.HealthV1ServiceName)...)
	mux.Handle(edge(grpcreflect.NewHandlerV1(reflector)))
	mux.Handle(edge(grpcreflect.NewHandlerV1Alpha(reflector)))
	mux.Handle(edge(grpchealth.NewHandler(&dbHealth{pool: pool})))

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writePlain(w, http.StatusOK, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if err := ping(r.Context(), pool); err != nil {
			slog.WarnContext(r.Context(), "not ready", "err", err)
			writePlain(w, http.StatusServiceUnavailable, "database unreachable")
			return
		}
		writePlain(w, http.StatusOK, "ready")
	})
	mux.Handle(upload.URLPrefix, serveUploads(opts.Uploads, accounts))
	// Metrics are the operator's, on METRICS_ADDR (cmd/server): never the public port's, whatever
	// pages the built app has.
	mux.Handle("/metrics", http.NotFoundHandler())
	mux.Handle("/unsubscribe", web.Unsubscribe(inbox))
	mux.Handle("/", web.New(web.Options{
		SPA: opts.SPA, MapTiles: opts.MapTiles, CardPayments: opts.Payments.Card(), PublicURL: opts.PublicURL,
		API: inProcess(mux), Listings: properties, Articles: resources,
	}))

	h := cacheAnswers(mux) // who may keep an answer: public reads, private for members
	if opts.Replica != nil {
		h = routeReads(h) // where a request's reads go: the replica or the primary
	}
	h = crossOriginProtection().Handler(h) // refuses cross-site state-changing browser requests
	h = limitBody(h, opts.MaxBodyBytes, uploadLimit)
	h = securityHeaders(h)
	h = recoverPanics(h)
	h = logRequests(h)
	h = withOrigin(opts.MailOrigin, h)   // the origin of links in the emails an event writes
	h = Identify(opts.TrustedProxies, h) // who sent it, for every request (HSTS too): no database
	return h
}

// withOrigin puts the origin of links in emails on the request's context (siteorigin.With).
func withOrigin(origin string, h http.Handler) http.Handler {
	if origin == "" {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(siteorigin.With(r.Context(), origin)))
	})
}

// uploadPaths take multipart uploads: up to MaxImages files of MaxImageBytes, plus form overhead.
var uploadPaths = map[string]int64{
	"/api/upload/property-images": int64(upload.MaxImages)*upload.MaxImageBytes + 1<<20,
	"/api/upload/review-photos":   int64(upload.MaxImages)*upload.MaxImageBytes + 1<<20,
}

// uploadLimit is the body cap of an upload path (uploadPaths, and each property's
// upload-documents), and whether path is one.
func uploadLimit(path string) (int64, bool) {
	if limit, ok := uploadPaths[path]; ok {
		return limit, true
	}
	if strings.HasPrefix(path, "/api/properties/") && strings.HasSuffix(path, "/upload-documents") {
		return rest.DocumentUploadBytes, true
	}
	if strings.HasPrefix(path, "/api/tenancies/") && strings.HasSuffix(path, "/documents") {
		return rest.DocumentUploadBytes, true
	}
	return 0, false
}

// Timeouts bound how long one request may hold a connection, so slow clients cannot pile up
// connections. Zero fields take the defaults (DefaultTimeouts).
type Timeouts struct {
	// ReadHeader bounds reading a request's headers.
	ReadHeader time.Duration
	// Read bounds reading a whole request, body included.
	Read time.Duration
	// Write bounds answering, from the end of the request's headers (over HTTP/2, from the start
	// of the stream): reading the body counts too.
	Write time.Duration
	// Idle bounds how long a kept-alive connection waits for its next request.
	Idle time.Duration
	// UploadRate is the slowest an upload may arrive, and an uploaded file leave, in bytes per
	// second: their deadlines are their size at this rate (never less than Read and Write), so
	// they follow the upload caps when those grow, and a small body gets no more time than any.
	UploadRate int64
	// ShutdownDelay is how long, once asked to stop, the server keeps serving while /readyz
	// already answers 503, so that a load balancer stops sending before the port closes (default
	// none: nothing to tell).
	ShutdownDelay time.Duration
	// Shutdown bounds how long the requests in flight when the port closes may take to finish;
	// the connections of those still running after it are cut.
	Shutdown time.Duration
}

// DefaultTimeouts are the timeouts of an unconfigured server.
var DefaultTimeouts = Timeouts{
	ReadHeader: 10 * time.Second,
	Read:       30 * time.Second,
	Write:      60 * time.Second,
	Idle:       2 * time.Minute,
	UploadRate: 100_000, // a slow mobile uplink
	Shutdown:   20 * time.Second,
}

func (t Timeouts) withDefaults() Timeouts {
	d := DefaultTimeouts
	t.ReadHeader = cmp.Or(t.ReadHeader, d.ReadHeader)
	t.Read = cmp.Or(t.Read, d.Read)
	t.Write = cmp.Or(t.Write, d.Write)
	t.Idle = cmp.Or(t.Idle, d.Idle)
	t.UploadRate = cmp.Or(t.UploadRate, d.UploadRate)
	t.Shutdown = cmp.Or(t.Shutdown, d.Shutdown)
	return t
}

// uploadDeadlines gives an upload (uploadPaths) the time its declared size takes at UploadRate
// to arrive, up to the path's cap, and an uploaded file the time the largest takes to leave.
func uploadDeadlines(next http.Handler, t Timeouts) http.Handler {
	at := func(size int64) time.Duration { return time.Duration(size) * time.Second / time.Duration(t.UploadRate) }
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if limit, ok := uploadLimit(r.URL.Path); ok {
			size := r.ContentLength
			if size < 0 || size > limit { // not declared (chunked), or refused anyway
				size = limit
			}
			read := max(t.Read, at(size))
			_ = rc.SetReadDeadline(time.Now().Add(read))
			_ = rc.SetWriteDeadline(time.Now().Add(read + t.Write)) // the body is read inside it
		} else if strings.HasPrefix(r.URL.Path, upload.URLPrefix) {
			_ = rc.SetWriteDeadline(time.Now().Add(max(t.Write, at(upload.MaxImageBytes))))
		}
		next.ServeHTTP(w, r)
	})
}

// Serve answers on ln until ctx ends, then shuts down gracefully: /readyz answers 503 "shutting
// down" at once, the server keeps serving for t.ShutdownDelay (a load balancer's time to notice),
// then the port closes (new connections are refused, kept-alive ones close after their request
// in flight) and the requests in flight get up to t.Shutdown to finish before their connections
// are cut.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, t Timeouts) error {
	t = t.withDefaults()
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true) // gRPC without TLS (h2c)
	var stopping atomic.Bool
	srv := &http.Server{
		Handler:           draining(&stopping, uploadDeadlines(h, t)),
		Protocols:         &protocols,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(slog.Default().Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	stopping.Store(true)
	slog.Info("shutting down", "delay", t.ShutdownDelay, "bound", t.Shutdown)
	time.Sleep(t.ShutdownDelay)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), t.Shutdown)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		_ = srv.Close() // past the bound: cut what is still running
		return fmt.Errorf("shutdown: requests still running after %s were cut: %w", t.Shutdown, err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// draining answers /readyz with 503 "shutting down" once stopping is set, so a load balancer
// sends no new requests to a server on its way out; everything else is served as before, but an
// HTTP/1.1 connection closes after its answer, so that no client sends on it again just as the
// port closes (HTTP/2 connections get a GOAWAY, which names the streams the server took).
func draining(stopping *atomic.Bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if stopping.Load() {
			if r.URL.Path == "/readyz" {
				writePlain(w, http.StatusServiceUnavailable, "shutting down")
				return
			}
			if r.ProtoMajor == 1 {
				w.Header().Set("Connection", "close")
			}
		}
		next.ServeHTTP(w, r)
	})
}

func ping(ctx context.Context, pool *pgxpool.Pool) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return pool.Ping(ctx)
}

// dbHealth answers gRPC health checks: serving while the database answers.
type dbHealth struct{ pool *pgxpool.Pool }

func (c *dbHealth) Check(ctx context.Context, req *grpchealth.CheckRequest) (*grpchealth.CheckResponse, error) {
	if req.Service != "" && !known(req.Service) {
		return nil, connect.NewError(connect.CodeNotFound, fmt.Errorf("unknown service %q", req.Service))
	}
	status := grpchealth.StatusServing
	if ping(ctx, c.pool) != nil { // a database that does not answer is a status, not a failed check
		status = grpchealth.StatusNotServing
	}
	return &grpchealth.CheckResponse{Status: status}, nil
}

func known(service string) bool {
	return slices.Contains(Services, service)
}

func writePlain(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body + "\n"))
}
