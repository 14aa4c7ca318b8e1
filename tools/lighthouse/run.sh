#!/usr/bin/env bash
# Usage: tools/lighthouse/run.sh (make lighthouse)
# Builds the server, starts a copy of it on a fresh database with the demo data, runs Lighthouse's
# mobile profile in headless chromium on five pages (home, search, a property, a resource
# article, a location page with demo listings), prints each page's scores and Core Web Vitals
# and writes them to docs/lighthouse.md.
# A recorded measurement, not a gate: scores move with the machine's load.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

(cd "$here" && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund >&2; })

mkdir -p .data
flock .data/build.lock make --no-print-directory build >&2
bin="$root/bin/rentproof-lighthouse"
cp bin/rentproof "$bin.tmp" && mv "$bin.tmp" "$bin"

db=$(bash scripts/fresh-db.sh "$(DB_CLUSTER=test bash scripts/db.sh)" rentproof_lighthouse)
port=${LIGHTHOUSE_PORT:-8088}
base="http://127.0.0.1:$port"
DATABASE_URL=$db ADDR=127.0.0.1:$port SEED_DEMO=true "$bin" >.data/lighthouse-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "$base/readyz" >/dev/null || { echo "lighthouse: the server did not start (.data/lighthouse-server.log)" >&2; exit 1; }

# The build just kept the cores busy, and Lighthouse scales the CPU time it observes: wait (up to
# 2 minutes) for the last minute's load average to fall below half the cores, so that the run
# measures the pages, not the build.
cores=$(nproc)
for _ in $(seq 120); do
  awk -v c="$cores" '{ exit !($1 < c * 0.5) }' /proc/loadavg && break
  sleep 1
done
echo "lighthouse: load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The first resource of the demo library, read from the API rather than assumed.
resource=$(curl -fsS "$base/api/resources" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].id))')

out=$(mktemp -d)
# A location page with listings: the postal code of the first demo property (internal/seed).
location=$(curl -fsS "$base/api/properties/1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(encodeURIComponent(JSON.parse(s).zipCode)))')

pages=("home /" "search /find-properties" "property /properties/1" "article /resources/$resource" "location /location/$location")
for page in "${pages[@]}"; do
  read -r name path <<<"$page"
  echo "lighthouse: $name ($path)" >&2
  CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} "$here/node_modules/.bin/lighthouse" "$base$path" \
    --quiet --output=json --output-path="$out/$name.json" \
    --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync"
done

node "$here/report.mjs" "$out" "$root/docs/lighthouse.md" "${pages[@]}"
rm -rf "$out"
