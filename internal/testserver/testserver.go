// Package testserver runs the real server handler on a loopback port over a fresh database,
// for tests that go through the network like any client.
package testserver

import (
	"cmp"
	"context"
	"crypto/tls"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/mailtest"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/upload"
)

// SPA stands in for the built web app.
var SPA = fstest.MapFS{
	"index.html":           {Data: []byte("<!doctype html><title>RentProof</title>")},
	"assets/app-abc123.js": {Data: []byte("console.log('app')")},
	"images/logo.svg":      {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

// Server is a running server.
type Server struct {
	URL     string          // http://127.0.0.1:port
	Pool    *pgxpool.Pool   // its database, for arranging and checking state
	Uploads *upload.Service // its upload store, for housekeeping
	// Documents is its ownership-document store, for housekeeping.
	Documents *document.Service
	// Tenancies is its tenancy service, for housekeeping of tenants' documents.
	Tenancies *tenancy.Service
	// Exports is its data export service: tests run its builder (BuildDue) and housekeeping.
	Exports *dataexport.Service
	Client  *http.Client // a client that trusts its certificate (with Options.TLS)
	// BlobURL is its blob store's URL (Options.BlobURL, or a folder of the test's), where uploads and documents are.
	BlobURL string
	// Mailpit is the test Mailpit its sender sends to (Options.Mail), nil without one.
	Mailpit *mailtest.Mailpit
}

// Options shape a test server.
type Options struct {
	Demo         bool  // load the demo data first
	MaxBodyBytes int64 // default 64 KiB
	// Limits replace a test server's generous daily limits (zero fields keep them): tests make
	// many accounts and reports from one address, so only a test of a limit sets it low.
	Limits server.Limits
	// Uploads configure the upload store (zero fields: the defaults).
	Uploads upload.Options
	// TrustedProxies is how many proxies the server believes stand in front of it (default none).
	TrustedProxies int
	// TLS serves HTTPS itself (Server.URL is https://, Server.Client trusts it).
	TLS bool
	// Log receives what the server logs (default: discarded): every record logged with the context
	// of one of its requests, or of its start (seeding). Records of other servers in the same test
	// binary never reach it, so tests that read their server's log may run in parallel.
	Log slog.Handler
	// Timeouts are the server's (zero fields: server.DefaultTimeouts).
	Timeouts server.Timeouts
	// Payments configure card payments (default: demo mode).
	Payments payment.Config
	// SPA is the built web app (default: SPA).
	SPA fs.FS
	// PublicURL is the site's public origin (default: each request's host).
	PublicURL string
	// BlobURL is the upload and document store to share, e.g. an s3:// URL (default: a folder of
	// the server's own).
	BlobURL string
	// DatabaseVia, when set, turns the test database's URL into the one the server connects
	// through (a fault proxy's, internal/faultproxy), opened with the binary's fault settings
	// (store.WithFaultSettings). Server.Pool stays direct, for arranging and checking.
	DatabaseVia func(url string) string
	// DatabaseURL is a migrated database of the test's own (one shared with other servers of the
	// test, or on a throwaway cluster it may stop and start) to serve instead of a fresh one from
	// dbtest. The test owns it; the server only opens pools on it.
	DatabaseURL string
	// Mail runs the outbox's sender, as the server binary does, sending to the test Mailpit
	// (internal/mailtest; Server.Mailpit reads it). SMTPURL sends elsewhere instead (a fault
	// proxy in front of Mailpit).
	Mail    bool
	SMTPURL string
	// OwnMatching leaves the saved-search worker, which every server binary runs, to the test: a
	// test that looks at the jobs listings leave, or races workers itself, runs them when it
	// chooses.
	OwnMatching bool
}

// Start serves the real handler until the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	logTo := cmp.Or[slog.Handler](opts.Log, slog.DiscardHandler)
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), logKey{}, logTo))
	pool, dbURL, err := database(ctx, t, opts.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	serverPool, serverURL := pool, dbURL
	if opts.DatabaseVia != nil {
		serverURL = store.WithFaultSettings(opts.DatabaseVia(dbURL))
		if serverPool, err = store.Open(ctx, serverURL); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(serverPool.Close)
	}
	fixedPlans, err := store.OpenFixedPlans(ctx, serverURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fixedPlans.Close)
	if opts.Demo {
		if err := seed.Demo(ctx, pool); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	if opts.MaxBodyBytes == 0 {
		opts.MaxBodyBytes = 64 << 10
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	scheme, client := "http", http.DefaultClient
	if opts.TLS {
		scheme = "https"
		ln, client = withTLS(ln)
	}
	blobURL := cmp.Or(opts.BlobURL, "file://"+filepath.ToSlash(t.TempDir())+"?metadata=skip")
	files, err := blobstore.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	uploads := upload.New(files, serverPool, opts.Uploads)
	documents := document.New(files, serverPool)
	tenancies := tenancy.New(files, serverPool)
	exports := dataexport.New(files, serverPool)
	const generous = 10_000
	l := opts.Limits
	limits := server.Limits{
		Accounts: account.Limits{RegistrationsPerNetwork: cmp.Or(l.Accounts.RegistrationsPerNetwork, generous)},
		Reviews: review.Limits{
			ReportsPerAccount: cmp.Or(l.Reviews.ReportsPerAccount, generous),
			ReportsPerNetwork: cmp.Or(l.Reviews.ReportsPerNetwork, generous),
		},
		Enquiries: l.Enquiries, // a sender's own limits as configured; the network's generous
	}
	limits.Enquiries.ThreadsPerNetwork = cmp.Or(l.Enquiries.ThreadsPerNetwork, generous)
	limits.Enquiries.MessagesPerNetwork = cmp.Or(l.Enquiries.MessagesPerNetwork, generous)
	var spa fs.FS = SPA
	if opts.SPA != nil {
		spa = opts.SPA
	}
	h := logsTo(logTo, server.NewHandler(serverPool, server.Options{
		SPA: spa, PublicURL: opts.PublicURL, MailOrigin: cmp.Or(opts.PublicURL, scheme+"://"+ln.Addr().String()), MaxBodyBytes: opts.MaxBodyBytes, Uploads: uploads, Documents: documents, Tenancies: tenancies, Exports: exports, FixedPlans: fixedPlans, Limits: limits,
		TrustedProxies: opts.TrustedProxies, Payments: opts.Payments,
	}))
	var mailpit *mailtest.Mailpit
	if opts.Mail {
		mailpit = mailtest.Start(t)
		opts.SMTPURL = cmp.Or(opts.SMTPURL, mailpit.SMTPURL)
	}
	done, refunds, mails, matches := make(chan error, 1), make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() { done <- server.Serve(ctx, ln, h, opts.Timeouts) }()
	go func() { payment.NewService(serverPool, opts.Payments).RunRefunds(ctx); close(refunds) }() // as the server binary does
	go func() {
		// Saved-search alerts, as the server binary does.
		if !opts.OwnMatching {
			savedsearch.NewWorker(serverPool).Run(siteorigin.With(ctx, cmp.Or(opts.PublicURL, scheme+"://"+ln.Addr().String())))
		}
		close(matches)
	}()
	if opts.SMTPURL != "" {
		sender, err := mail.NewSender(serverPool, mail.SenderConfig{SMTPURL: opts.SMTPURL, Footer: notify.Footer})
		if err != nil {
			t.Fatal(err)
		}
		go func() { sender.Run(ctx); close(mails) }()
	} else {
		close(mails)
	}
	t.Cleanup(func() {
		cancel()
		<-refunds
		<-mails
		<-matches
		defer files.Close()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return &Server{URL: scheme + "://" + ln.Addr().String(), Pool: pool, Uploads: uploads, Documents: documents, Tenancies: tenancies, Exports: exports, Client: client, BlobURL: blobURL, Mailpit: mailpit}
}

// database is the database at url, or a fresh one from dbtest when url is "".
func database(ctx context.Context, tb testing.TB, url string) (*pgxpool.Pool, string, error) {
	tb.Helper()
	if url == "" {
		pool, url := dbtest.New(tb)
		return pool, url, nil
	}
	pool, err := store.Open(ctx, url)
	if err != nil {
		return nil, "", err
	}
	tb.Cleanup(pool.Close)
	return pool, url, nil
}

// The server code logs through slog's package functions, which use the process-wide default. A
// test binary that imports this package routes that default by context instead: to the Log
// handler of the server whose request (or start) a record comes from, and anything else (a
// record logged without a server's context) nowhere. No test sets the default itself, so
// parallel tests neither race on it nor read each other's records.
func init() { slog.SetDefault(slog.New(routed{})) }

type logKey struct{}

// logsTo puts log on the context of every request to next.
func logsTo(log slog.Handler, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), logKey{}, log)))
	})
}

// routed hands each record to the handler on its context, with the attributes and groups added
// through With and WithGroup along the way.
type routed struct {
	with []func(slog.Handler) slog.Handler
}

func (h routed) target(ctx context.Context) slog.Handler {
	if ctx == nil {
		return slog.DiscardHandler
	}
	target, ok := ctx.Value(logKey{}).(slog.Handler)
	if !ok {
		return slog.DiscardHandler
	}
	for _, with := range h.with {
		target = with(target)
	}
	return target
}

func (h routed) Enabled(ctx context.Context, level slog.Level) bool {
	return h.target(ctx).Enabled(ctx, level)
}

func (h routed) Handle(ctx context.Context, r slog.Record) error {
	return h.target(ctx).Handle(ctx, r)
}

func (h routed) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.and(func(t slog.Handler) slog.Handler { return t.WithAttrs(attrs) })
}

func (h routed) WithGroup(name string) slog.Handler {
	return h.and(func(t slog.Handler) slog.Handler { return t.WithGroup(name) })
}

func (h routed) and(with func(slog.Handler) slog.Handler) routed {
	return routed{with: append(slices.Clip(h.with), with)}
}

// withTLS serves ln over TLS with httptest's certificate and returns a client that trusts it.
func withTLS(ln net.Listener) (net.Listener, *http.Client) {
	borrowed := httptest.NewUnstartedServer(http.NotFoundHandler())
	borrowed.StartTLS()
	defer borrowed.Close()
	cfg := &tls.Config{Certificates: borrowed.TLS.Certificates, NextProtos: []string{"http/1.1"}}
	return tls.NewListener(ln, cfg), borrowed.Client()
}

// Browser returns an HTTP client with its own cookie jar, like one browser profile.
func Browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}
