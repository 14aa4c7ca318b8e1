# RentProof: `make run` serves the product with demo data, `make test` runs every test.
# Without DATABASE_URL, a project-local PostgreSQL is started (scripts/db.sh): a durable cluster for
# `make run` and `make db`, a fast one (DB_CLUSTER=test, fsync off) for the tests.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

ADDR ?= :8080
GOTOOL := go tool -modfile=tools/go.mod
# golangci-lint has a modfile of its own: its ~200 requirements stay out of go.mod and tools/go.mod.
GOLANGCI := go tool -modfile=tools/lint/go.mod golangci-lint
BUF := ui/node_modules/.bin/buf
BIN := bin/rentproof
# Go packages of this module (ui/node_modules may hold stray Go files of npm packages).
GO_PKGS = $$(go list ./... | grep -v /node_modules/)
# The same packages as directories, which is what golangci-lint takes.
GO_DIRS = $$(go list -f '{{.Dir}}' ./... | grep -v /node_modules/ | sed "s|^$$PWD/|./|")

.PHONY: help run build build-ui build-server ui-deps db db-stop generate check-generate lint lint-go \
	breaking test test-go test-ui test-e2e test-budget soak chromium bench lighthouse demo-images clean

help: ## list the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-16s %s\n", $$1, $$2}'

# Without SMTP_URL, mail goes to the project-local Mailpit, whose web inbox shows every email sent.
run: build ## serve the product with demo data on http://localhost:8080 (ADDR to change); emails in Mailpit's inbox unless SMTP_URL is set
	@if [ -z "$${SMTP_URL:-}" ]; then \
		mailpit=$$(bash scripts/mailpit.sh); export SMTP_URL=$${mailpit%%$$'\n'*}; \
		echo "emails go to Mailpit: read them at $${mailpit##*$$'\n'}"; fi; \
	DATABASE_URL=$$(bash scripts/db.sh) ADDR=$(ADDR) ./$(BIN)

build: build-ui build-server ## build the server binary with the web app embedded

build-server:
	go build -o $(BIN) ./cmd/server

ui/node_modules/.package-lock.json: ui/package-lock.json
	cd ui && npm ci --no-audit --no-fund
	@touch $@

ui-deps: ui/node_modules/.package-lock.json ## install the web app's npm packages

build-ui: ui-deps
	cd ui && npm run build
	@touch ui/dist/.gitkeep

db: ## start the project-local PostgreSQL (durable: the one make run uses) and print its URL
	@bash scripts/db.sh

db-stop: ## stop the project-local PostgreSQL clusters (default, test, durable bench), stripe-mock and Mailpit
	@bash scripts/db.sh stop
	@DB_CLUSTER=test bash scripts/db.sh stop
	@DB_CLUSTER=durable bash scripts/db.sh stop
	@bash scripts/stripe-mock.sh stop
	@bash scripts/mailpit.sh stop

# Generated, committed and checked: gen/, ui/src/gen/, and the property search's statements and
# their lookup table (cmd/gensearch writes them; sqlc then reads the statements).
GENERATED := gen ui/src/gen sql/queries/search.sql internal/property/search_gen.go

generate: ui-deps ## regenerate gen/ and ui/src/gen/ from proto/ and sql/, and the search statements
	rm -rf gen/rentproof gen/db ui/src/gen
	$(BUF) generate
	go run ./cmd/gensearch
	$(GOTOOL) sqlc generate

check-generate: generate demo-images ## fail when generated code (or a demo image) is not what its sources produce
	@if [ -n "$$(git status --porcelain -- $(GENERATED) ui/public/images)" ]; then \
		echo "generated files are stale: run 'make generate demo-images' and commit the result"; \
		git status --short -- $(GENERATED) ui/public/images; exit 1; fi

lint: ui-deps ## buf lint, format and breaking, gofmt, golangci-lint, go vet, sqlc vet, tsc, eslint
	$(BUF) lint
	$(BUF) format --diff --exit-code
	@bash scripts/buf-breaking.sh
	@test -z "$$(gofmt -l cmd internal scripts sql ui/embed.go)" || { gofmt -l cmd internal scripts sql ui/embed.go; echo "gofmt: run gofmt -w on the files above"; exit 1; }
	$(GOLANGCI) run $(GO_DIRS)
	go vet $(GO_PKGS)
	go -C scripts/demo-images vet ./...
	$(GOTOOL) sqlc vet
	cd ui && npx tsc -b && npx eslint .

lint-go: ## golangci-lint (.golangci.yml, pinned in tools/lint/go.mod) over the module's Go packages
	$(GOLANGCI) run $(GO_DIRS)

breaking: ui-deps ## buf breaking: proto/ against the previous commit (BREAKING_AGAINST=ref for another)
	@bash scripts/buf-breaking.sh

test: test-go test-ui test-e2e test-budget ## every test: Go, UI components, browser end to end, JavaScript budget

# Four packages at a time, not one per core: they spend most of their time waiting on PostgreSQL
# (measured on 2 cores: 120 s → 101 s).
test-go: ## Go tests against a real PostgreSQL (the fast test cluster), stripe-mock (scripts/stripe-mock.sh) and Mailpit (scripts/mailpit.sh)
	@bash scripts/ensure-tool.sh pgbouncer || echo "no pgbouncer: TestTwoServersBehindPgBouncer runs on a direct connection" >&2
	DATABASE_URL=$$(DB_CLUSTER=test bash scripts/db.sh) STRIPE_MOCK_URL=$$(bash scripts/stripe-mock.sh) \
		MAILPIT_SMTP_URL=$$(bash scripts/mailpit.sh smtp) MAILPIT_API_URL=$$(bash scripts/mailpit.sh api) go test -p 4 -count=1 $(GO_PKGS)

test-ui: ui-deps ## UI component tests (Vitest)
	cd ui && npx vitest run

# Under the build lock (scripts/e2e.sh takes it too): a parallel build would empty ui/dist midway.
test-budget: ui-deps ## build the web app and fail when the home page's first-load JavaScript is over 170 KB gzipped or the dashboard's over 200 KB
	@mkdir -p .data
	@flock .data/build.lock bash -c '$(MAKE) --no-print-directory build-ui >/dev/null && cd ui && node scripts/bundle-budget.mjs'

soak: ## the long reliability run: faults, restarts, two servers, the replica, fuzzing; prints its figures (docs/reliability.md)
	@bash scripts/soak.sh

chromium: ## install Debian's chromium for the browser tests when missing
	@bash scripts/ensure-tool.sh chromium

test-e2e: chromium ## browser tests: the real server binary on a fresh database, in chromium (E2E_ARGS for playwright's)
	@bash scripts/e2e.sh e2e_$$$$ $(E2E_ARGS)

bench: build ## property search benchmark, with the floor of the stack and an Express peer when Node is present (BENCH_FLAGS="-properties 1000000 -reviews 5000000" for the large set); BENCH=ledger: tokens and approvals on a durable cluster; BENCH=dashboard: the dashboards (a landlord with 500 listings, tenants); BENCH=mail: emails a minute one server's sender delivers to Mailpit (-emails 3000); BENCH=gamification: leaderboard, profiles and reviews with XP on a durable cluster; BENCH=notices: what notifications add to the p99 of an approval and a review post, the server against itself built without them (-tags nonotices), both serving one load at once; BENCH=tenancy: review pages with verified reviews and owners confirming tenancies on a durable cluster; BENCH=listings: 50 landlords creating listings in one neighbourhood at 50/s on a durable cluster; BENCH=enquiries: an owner's and a member's enquiry lists (500/s) and replies (200/s) over 1M threads and 5M messages on a durable cluster; each figure against its target and the last recorded run (BENCH_FLAGS="-record" records them, "-compare bin/rentproof-base" compares five alternating runs with another tree: docs/benchmarks.md)
ifeq ($(BENCH),ledger)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -ledger $(BENCH_FLAGS)
else ifeq ($(BENCH),gamification)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -gamification $(BENCH_FLAGS)
else ifeq ($(BENCH),notices)
	go build -tags nonotices -o bin/rentproof-nonotices ./cmd/server
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -ledger -paired bin/rentproof-nonotices $(BENCH_FLAGS)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -gamification -paired bin/rentproof-nonotices $(BENCH_FLAGS)
else ifeq ($(BENCH),tenancy)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -tenancy $(BENCH_FLAGS)
else ifeq ($(BENCH),listings)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -listings -write-rate 50 $(BENCH_FLAGS)
else ifeq ($(BENCH),enquiries)
	DATABASE_URL=$$(DB_CLUSTER=durable bash scripts/db.sh) go run ./cmd/bench -enquiries -rate 500 $(BENCH_FLAGS)
else ifeq ($(BENCH),mail)
	mailpit=$$(bash scripts/mailpit.sh); SMTP_URL=$${mailpit%%$$'\n'*} MAILPIT_API_URL=$${mailpit##*$$'\n'} \
		DATABASE_URL=$$(bash scripts/db.sh) go run ./cmd/bench -mail $(BENCH_FLAGS)
else ifeq ($(BENCH),dashboard)
	DATABASE_URL=$$(bash scripts/db.sh) go run ./cmd/bench -dashboard $(BENCH_FLAGS)
else
	@bash scripts/ensure-tool.sh wrk
	DATABASE_URL=$$(bash scripts/db.sh) go run ./cmd/bench $(BENCH_FLAGS)
endif

lighthouse: chromium ## Lighthouse (mobile), three runs each, on the public, sign-in and signed-in pages of a fresh demo server; medians to docs/lighthouse.md
	@bash tools/lighthouse/run.sh

demo-images: ## redraw the demo illustrations under ui/public/images from the seed data (own module)
	go -C scripts/demo-images run .

clean: ## remove build output (keeps the database)
	rm -rf bin ui/dist/assets ui/dist/index.html
