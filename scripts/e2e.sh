#!/usr/bin/env bash
# Usage: scripts/e2e.sh [NAME] [playwright arguments...]
# Browser tests against the real server binary on a fresh database. NAME (default "e2e") keeps
# runs apart, so several can go at once on one machine: each gets its own copy of the binary,
# its own database rentproof_NAME and its own port (E2E_PORT, or one derived from NAME).
# The build is serialised by a lock, since vite empties ui/dist on every build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
name=${1:-e2e}; shift || true
[[ $name =~ ^[a-z0-9_]+$ ]] || { echo "e2e: bad name $name (a-z, 0-9, _)" >&2; exit 1; }

mkdir -p .data
flock .data/build.lock make --no-print-directory build >&2
bin="$root/bin/rentproof-$name"
cp bin/rentproof "$bin.tmp" && mv "$bin.tmp" "$bin"

url=$(bash scripts/db.sh)
db=$(bash scripts/fresh-db.sh "$url" "rentproof_$name")
port=${E2E_PORT:-$((8100 + $(cksum <<<"$name" | cut -d' ' -f1) % 800))}
[ "$name" = e2e ] && port=${E2E_PORT:-8089}

cd ui
E2E_DATABASE_URL=$db E2E_PORT=$port E2E_SERVER_BIN=$bin npx playwright test "$@"
