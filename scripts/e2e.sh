#!/usr/bin/env bash
# Usage: scripts/e2e.sh [NAME] [playwright arguments...]
# Browser tests against the real server binary on a fresh database. Every run gets its own copy of
# the binary, its own database (rentproof_NAME, dropped when the run ends; E2E_KEEP_DB=1 keeps it)
# and free ports for the server and the map's tile server (E2E_PORT and E2E_TILES_PORT, or ones the
# system hands out), so any number of runs can share a machine. Their servers send mail to the test
# Mailpit (scripts/mailpit.sh), whose API the tests read (MAILPIT_API_URL). NAME defaults to e2e_<pid>.
# The build is serialised by a lock, since vite empties ui/dist on every build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
name=${1:-e2e_$$}; shift || true
[[ $name =~ ^[a-z0-9_]+$ ]] || { echo "e2e: bad name $name (a-z, 0-9, _)" >&2; exit 1; }

mkdir -p .data
flock .data/build.lock make --no-print-directory build >&2
bin="$root/bin/rentproof-$name"
cp bin/rentproof "$bin.tmp" && mv "$bin.tmp" "$bin"

url=$(DB_CLUSTER=test bash scripts/db.sh)
db=$(bash scripts/fresh-db.sh "$url" "rentproof_$name")
cleanup() {
  rm -f "$bin"
  [ "${E2E_KEEP_DB:-}" = 1 ] || bash "$root/scripts/fresh-db.sh" "$url" "rentproof_$name" drop >/dev/null || true
}
trap cleanup EXIT

# A port nobody listens on now (the system's choice); the servers take them a moment later.
free_port() { node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
port=${E2E_PORT:-$(free_port)}
tiles=${E2E_TILES_PORT:-$(free_port)}
while [ "$tiles" = "$port" ]; do tiles=$(free_port); done

# The servers send to the test Mailpit; the tests read it through its API (ui/e2e/mailpit.ts).
mailpit=$(bash scripts/mailpit.sh)
export MAILPIT_SMTP_URL=${mailpit%%$'\n'*} MAILPIT_API_URL=${mailpit##*$'\n'}

cd ui
E2E_DATABASE_URL=$db E2E_PORT=$port E2E_TILES_PORT=$tiles E2E_SERVER_BIN=$bin E2E_OUTPUT_DIR=test-results/$name \
  npx playwright test "$@"
