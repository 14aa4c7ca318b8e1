// Command server runs RentProof: the API in every protocol and the web app, on one port.
//
// Configuration comes from the environment (see README.md); defaults work on a laptop.
package main

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/blobstore"
	"github.com/rentproof/rentproof/internal/dataexport"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/metrics/jobs"
	"github.com/rentproof/rentproof/internal/notify"
	"github.com/rentproof/rentproof/internal/passkey"
	"github.com/rentproof/rentproof/internal/payment"
	"github.com/rentproof/rentproof/internal/requestlog"
	"github.com/rentproof/rentproof/internal/review"
	"github.com/rentproof/rentproof/internal/savedsearch"
	"github.com/rentproof/rentproof/internal/seed"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/siteorigin"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/upload"
	"github.com/rentproof/rentproof/internal/web"
	"github.com/rentproof/rentproof/ui"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run carries out the command in args and returns the process's exit code; it returns rather
// than exits so that its deferred calls run.
func run(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	slog.SetDefault(slog.New(logHandler()))
	var err error
	switch {
	case len(args) == 0 || args[0] == "serve":
		err = serve(ctx)
	case len(args) >= 2 && args[0] == "admin" && args[1] == "create":
		err = createAdmin(ctx, args[2:], os.Stdin, os.Stdout)
	case args[0] == "backup" || args[0] == "restore":
		err = backupCommand(ctx, args[0], args[1:])
	default:
		fmt.Fprintln(os.Stderr, "usage: rentproof [serve] | rentproof admin create -username NAME -email EMAIL -first-name F -last-name L | rentproof backup FILE | rentproof restore FILE")
		return 2
	}
	if err != nil {
		slog.Error("stopped", "err", err)
		return 1
	}
	return 0
}

func serve(ctx context.Context) error {
	// The heap is small and memory plentiful: collect less often than Go's default (GOGC=100)
	// unless the operator chose otherwise. Measured with make bench: GC was a tenth of the CPU.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	addr := env("ADDR", ":8080")
	maxBody, err := strconv.ParseInt(env("MAX_BODY_BYTES", "1048576"), 10, 64)
	if err != nil || maxBody < 1 {
		return fmt.Errorf("MAX_BODY_BYTES must be a positive number of bytes")
	}
	proxies, err := trustedProxies(env("TRUST_PROXY", "false"))
	if err != nil {
		return err
	}
	timeouts, err := timeoutsFromEnv()
	if err != nil {
		return err
	}
	limits, err := limitsFromEnv()
	if err != nil {
		return err
	}
	mapTiles, err := web.ParseMapTiles(os.Getenv("MAP_TILE_URL"), os.Getenv("MAP_TILE_ATTRIBUTION"))
	if err != nil {
		return err
	}
	payments, err := paymentConfig()
	if err != nil {
		return err
	}
	// The origin canonical links and the sitemap name; unset, each request's own host.
	publicURL, err := web.ParsePublicURL(os.Getenv("PUBLIC_URL"))
	if err != nil {
		return err
	}

	mailConfig, err := mailFromEnv()
	if err != nil {
		return err
	}

	if err := usePooler(); err != nil {
		return err
	}
	if err := logSlowStatements(); err != nil {
		return err
	}
	pool, err := openDatabase(ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	fixedPlans, err := store.OpenFixedPlans(ctx, store.WithFaultSettings(os.Getenv("DATABASE_URL")))
	if err != nil {
		return err
	}
	defer fixedPlans.Close()
	customPlans, err := store.OpenCustomPlans(ctx, store.WithFaultSettings(os.Getenv("DATABASE_URL")))
	if err != nil {
		return err
	}
	defer customPlans.Close()
	if env("SEED_DEMO", "true") == "true" {
		if err := seed.Demo(ctx, pool); err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
	}

	var sender *mail.Sender
	if mailConfig.SMTPURL != "" {
		if sender, err = mail.NewSender(pool, mailConfig); err != nil {
			return err
		}
	}

	uploadOpts, err := uploadOptions()
	if err != nil {
		return err
	}
	files, err := blobstore.Open(ctx, env("BLOB_URL", defaultBlobURL()))
	if err != nil {
		return err
	}
	defer files.Close()
	uploads := upload.New(files, pool, uploadOpts)
	documents := document.New(files, pool)
	tenancies := tenancy.New(files, pool)
	exports := dataexport.New(files, pool)

	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	slog.Info("serving", "addr", ln.Addr().String(), "url", "http://"+displayAddr(ln.Addr()))
	// Links in emails name PUBLIC_URL, or else the address the server listens on: never a
	// request's Host header, which whoever triggers an email could forge (a reset link to them).
	mailOrigin := cmp.Or(publicURL, "http://"+displayAddr(ln.Addr()))

	// The background jobs stop between steps when ctx ends; serve waits for them, so that the
	// pool outlives their last step.
	var background sync.WaitGroup
	defer background.Wait()
	ctx, cancel := context.WithCancel(ctx) // an early return ends the jobs too
	defer cancel()
	background.Go(func() { housekeep(ctx, pool, account.NewService(pool), uploads, documents, tenancies, exports) })
	background.Go(func() {
		payment.NewService(pool, payments).RunRefunds(siteorigin.With(ctx, mailOrigin))
	}) // refunds owed after a check was rejected or closed
	background.Go(func() { countReviews(ctx, review.NewService(pool, nil)) })
	background.Go(func() { digestNotifications(ctx, pool, mailOrigin) })
	background.Go(func() { exports.Run(siteorigin.With(ctx, mailOrigin), 0) }) // members' copies of their data
	// Saved-search alerts: telling the searches each listing's transaction matched (savedsearch.MatchListing), and the digests.
	background.Go(func() { savedsearch.NewWorker(pool).Run(siteorigin.With(ctx, mailOrigin)) })
	if sender != nil {
		background.Go(func() { sender.Run(ctx) }) // the outbox's mail, over SMTP
	}
	if _, err := serveMetrics(ctx, pool, map[string]*pgxpool.Pool{"main": pool, "fixed_plans": fixedPlans, "custom_plans": customPlans}); err != nil {
		return err
	}

	opts, closeReplica, err := withReplica(server.Options{
		SPA: ui.Dist(), MaxBodyBytes: maxBody, Uploads: uploads, Documents: documents, Tenancies: tenancies, Exports: exports, FixedPlans: fixedPlans, CustomPlans: customPlans, TrustedProxies: proxies, Limits: limits,
		MapTiles: mapTiles, Payments: payments, PublicURL: publicURL, MailOrigin: mailOrigin,
	})
	if err != nil {
		return err
	}
	defer closeReplica()
	h := server.NewHandler(pool, opts)
	return server.Serve(ctx, ln, h, timeouts)
}

// mailFromEnv reads SMTP_URL and MAIL_FROM (internal/mail's SenderConfig). Without SMTP_URL no
// mail is sent: it waits in the outbox until a server with one runs.
func mailFromEnv() (mail.SenderConfig, error) {
	cfg := mail.SenderConfig{SMTPURL: os.Getenv("SMTP_URL"), From: os.Getenv("MAIL_FROM"), Footer: notify.Footer}
	if cfg.SMTPURL == "" {
		slog.Warn("SMTP_URL is not set: emails wait in the outbox unsent")
		return cfg, nil
	}
	if _, err := mail.NewSender(nil, cfg); err != nil { // read the configuration before connecting anywhere
		return cfg, err
	}
	if cfg.From == "" {
		slog.Warn("MAIL_FROM is not set: emails come from " + mail.DefaultFrom)
	}
	if strings.Contains(cfg.SMTPURL, "tls=none") && !mail.IsLoopback(cfg.SMTPURL) {
		slog.Warn("SMTP_URL has tls=none for a server on another machine: mail crosses the network unencrypted")
	}
	return cfg, nil
}

// trustedProxies reads TRUST_PROXY: false (no proxy believed), true (one), or how many proxies
// stand in front of the server, each appending to X-Forwarded-For.
func trustedProxies(v string) (int, error) {
	switch strings.ToLower(v) {
	case "false":
		return 0, nil
	case "true":
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("TRUST_PROXY must be false, true or the number of proxies in front of the server, not %q", v)
	}
	return n, nil
}

// timeoutsFromEnv reads the server's timeouts (Go durations such as 30s or 5m) and
// UPLOAD_MIN_RATE (bytes per second); unset ones keep server.DefaultTimeouts.
func timeoutsFromEnv() (server.Timeouts, error) {
	var t server.Timeouts
	for name, field := range map[string]*time.Duration{
		"READ_HEADER_TIMEOUT": &t.ReadHeader, "READ_TIMEOUT": &t.Read, "WRITE_TIMEOUT": &t.Write, "IDLE_TIMEOUT": &t.Idle,
		"SHUTDOWN_DELAY": &t.ShutdownDelay, "SHUTDOWN_TIMEOUT": &t.Shutdown,
	} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return t, fmt.Errorf("%s must be a positive duration such as 30s or 5m, not %q", name, v)
		}
		*field = d
	}
	if v := os.Getenv("UPLOAD_MIN_RATE"); v != "" {
		rate, err := strconv.ParseInt(v, 10, 64)
		if err != nil || rate < 1 {
			return t, fmt.Errorf("UPLOAD_MIN_RATE must be a positive number of bytes per second, not %q", v)
		}
		t.UploadRate = rate
	}
	return t, nil
}

// uploadOptions reads UPLOAD_IMAGES_PER_DAY and UPLOAD_DECODE_MEMORY_MB (unset: the defaults).
func uploadOptions() (upload.Options, error) {
	perDay, err := strconv.Atoi(env("UPLOAD_IMAGES_PER_DAY", strconv.Itoa(upload.DefaultPerDay)))
	if err != nil || perDay < 1 {
		return upload.Options{}, fmt.Errorf("UPLOAD_IMAGES_PER_DAY must be a positive number of images")
	}
	mb, err := strconv.ParseInt(env("UPLOAD_DECODE_MEMORY_MB", strconv.Itoa(upload.DefaultDecodeMemory>>20)), 10, 64)
	if err != nil || mb < 1 {
		return upload.Options{}, fmt.Errorf("UPLOAD_DECODE_MEMORY_MB must be a positive number of megabytes")
	}
	return upload.Options{PerDay: perDay, DecodeMemory: mb << 20}, nil
}

// limitsFromEnv reads the limits on registrations, reports and enquiries (unset: the defaults).
func limitsFromEnv() (server.Limits, error) {
	var l server.Limits
	for name, field := range map[string]*int{
		"LIMIT_REGISTRATIONS_PER_NETWORK": &l.Accounts.RegistrationsPerNetwork,
		"LIMIT_REPORTS_PER_ACCOUNT":       &l.Reviews.ReportsPerAccount,
		"LIMIT_REPORTS_PER_NETWORK":       &l.Reviews.ReportsPerNetwork,
		"LIMIT_ENQUIRIES_PER_DAY":         &l.Enquiries.ThreadsPerDay,
		"LIMIT_ENQUIRIES_PER_DAY_NEW":     &l.Enquiries.ThreadsPerDayNew,
		"LIMIT_MESSAGES_PER_HOUR":         &l.Enquiries.MessagesPerHour,
		"LIMIT_MESSAGES_PER_HOUR_NEW":     &l.Enquiries.MessagesPerHourNew,
		"LIMIT_ENQUIRIES_PER_NETWORK":     &l.Enquiries.ThreadsPerNetwork,
		"LIMIT_MESSAGES_PER_NETWORK":      &l.Enquiries.MessagesPerNetwork,
	} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return l, fmt.Errorf("%s must be a positive number, not %q", name, v)
		}
		*field = n
	}
	return l, nil
}

// housekeep prunes dead sessions and old failure counts, and removes uploads never attached and
// owners' and tenants' documents and members' data exports past their keeping, hourly until ctx ends. Each step runs to its
// end (a file deleted with its row's change uncommitted would be half a step): ctx is only
// looked at between steps. The file-deleting steps hold the blob lock shared, so a backup never
// copies a database that names a file they have just deleted (backup.go).
func housekeep(ctx context.Context, pool *pgxpool.Pool, accounts *account.Service, uploads *upload.Service, documents *document.Service, tenancies *tenancy.Service, exports *dataexport.Service) {
	ticker := time.NewTicker(time.Hour)
	defer ticker.Stop()
	steps := []struct {
		name  string
		job   string // its name in the metrics
		files bool   // deletes files of the blob store
		run   func(context.Context) (int, error)
	}{
		{"sessions and failure counts", "housekeep_sessions", false, func(ctx context.Context) (int, error) {
			if err := accounts.Housekeep(ctx); err != nil {
				return 0, err
			}
			return 0, passkey.NewService(pool, accounts, "").Housekeep(ctx) // spent and expired passkey challenges
		}},
		{"uploads", "housekeep_uploads", true, uploads.RemoveUnattached},
		{"documents", "housekeep_documents", true, documents.RemoveExpired},
		{"tenancy documents", "housekeep_tenancy_documents", true, tenancies.RemoveExpired},
		{"data exports", "housekeep_data_exports", true, exports.RemoveExpired},
	}
	for {
		for _, s := range steps {
			if ctx.Err() != nil {
				return
			}
			step := context.WithoutCancel(ctx)
			run := s.run
			if s.files {
				run = func(ctx context.Context) (int, error) { return withBlobLock(ctx, pool, s.run) }
			}
			if n, err := run(step); jobs.Failed(step, s.job, err) {
				slog.Warn("housekeeping "+s.name, "removed", n, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// countReviews counts in, every review.CountEvery until ctx ends, the reviews whose authors
// have become established since they wrote them, and shows the reviews whose blind reveal is over
// (every server runs it; they share the work). Like housekeep, it stops between steps.
func countReviews(ctx context.Context, reviews *review.Service) {
	ticker := time.NewTicker(review.CountEvery)
	defer ticker.Stop()
	for {
		if ctx.Err() != nil {
			return
		}
		if n, err := reviews.CountDue(context.WithoutCancel(ctx)); jobs.Failed(ctx, "count_reviews", err) {
			slog.Warn("counting reviews of established authors", "counted", n, "err", err)
		}
		if ctx.Err() != nil {
			return
		}
		if n, err := reviews.RevealDue(context.WithoutCancel(ctx)); jobs.Failed(ctx, "reveal_reviews", err) {
			slog.Warn("revealing reviews", "revealed", n, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// digestNotifications emails, each minute, the digests of the notification bursts whose hour
// ended (notify.Digest: safe with every server running it), and forgets old burst counters.
func digestNotifications(ctx context.Context, pool *pgxpool.Pool, origin string) {
	ticker := time.NewTicker(time.Minute)
	defer ticker.Stop()
	for {
		if n, err := notify.Digest(context.WithoutCancel(ctx), pool, origin); jobs.Failed(ctx, "notification_digests", err) {
			slog.Warn("writing notification digests", "written", n, "err", err)
		}
		if _, err := notify.Prune(context.WithoutCancel(ctx), pool); jobs.Failed(ctx, "prune_notification_bursts", err) {
			slog.Warn("pruning notification bursts", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// openDatabase connects to DATABASE_URL (with store.WithFaultSettings) and applies the
// pending migrations.
func openDatabase(ctx context.Context) (*pgxpool.Pool, error) {
	if os.Getenv("DATABASE_URL") == "" {
		return nil, fmt.Errorf("DATABASE_URL is not set (make run starts a local PostgreSQL and sets it)")
	}
	url := store.WithFaultSettings(os.Getenv("DATABASE_URL"))
	pool, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := store.Migrate(ctx, pool, url); err != nil {
		pool.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return pool, nil
}

// defaultBlobURL keeps uploads in .data/uploads under the working folder.
func defaultBlobURL() string {
	dir, err := filepath.Abs(filepath.Join(".data", "uploads"))
	if err != nil {
		dir = filepath.Join(os.TempDir(), "rentproof-uploads")
	}
	return "file://" + filepath.ToSlash(dir) + "?create_dir=1&metadata=skip"
}

// paymentConfig reads Stripe's keys: STRIPE_SECRET_KEY (none: demo mode), STRIPE_PUBLISHABLE_KEY
// (required with it), STRIPE_WEBHOOK_SECRET and STRIPE_API_URL (another API base, e.g. stripe-mock).
func paymentConfig() (payment.Config, error) {
	cfg := payment.Config{
		SecretKey: os.Getenv("STRIPE_SECRET_KEY"), PublishableKey: os.Getenv("STRIPE_PUBLISHABLE_KEY"),
		WebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"), APIURL: os.Getenv("STRIPE_API_URL"),
	}
	if !cfg.Card() {
		slog.Info("payments in demo mode: STRIPE_SECRET_KEY is not set")
		return cfg, nil
	}
	if !strings.HasPrefix(cfg.PublishableKey, "pk_") {
		return cfg, fmt.Errorf("STRIPE_PUBLISHABLE_KEY (pk_...) is required with STRIPE_SECRET_KEY")
	}
	if cfg.WebhookSecret == "" {
		slog.Warn("STRIPE_WEBHOOK_SECRET is not set: payments settle only when their owner returns to the app")
	}
	return cfg, nil
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// logHandler writes LOG_FORMAT lines at LOG_LEVEL, each line of a request with its request_id.
func logHandler() slog.Handler {
	var level slog.Level
	if err := level.UnmarshalText([]byte(env("LOG_LEVEL", "info"))); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if env("LOG_FORMAT", "text") == "json" {
		return requestlog.Handler(slog.NewJSONHandler(os.Stderr, opts))
	}
	return requestlog.Handler(slog.NewTextHandler(os.Stderr, opts))
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a net.Addr) string {
	s := a.String()
	for _, wildcard := range []string{"[::]:", "0.0.0.0:"} {
		if port, ok := strings.CutPrefix(s, wildcard); ok {
			return "localhost:" + port
		}
	}
	return s
}
