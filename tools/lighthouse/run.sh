#!/usr/bin/env bash
# Usage: tools/lighthouse/run.sh (make lighthouse); LIGHTHOUSE_RUNS=N runs each page N times
# (default 3), LIGHTHOUSE_PAGES="name ..." measures only those pages.
# Builds the server, starts a copy of it on a fresh database with the demo data, runs Lighthouse's
# mobile profile in headless chromium on the public pages (home, search, a property, a resource
# article, a location page with demo listings), the sign-in page, and the signed-in landing pages
# (a tenant's and a landlord's dashboard, /gamification, /settings, an administrator's /admin,
# each through a session signed in beforehand), prints each page's median scores and Core Web
# Vitals and writes them to docs/lighthouse.md.
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

# The signed-in pages' sessions: demo members (internal/seed, password rentproof-demo) and an
# administrator made here, signed in through the REST API; Lighthouse sends the cookie.
admin_password=lighthouse-admin-$RANDOM$RANDOM
DATABASE_URL=$db ADMIN_PASSWORD=$admin_password "$bin" admin create -username lighthouse_admin \
  -email lighthouse-admin@example.com -first-name Light -last-name House >/dev/null
session() {
  curl -fsS -o /dev/null -c - -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$2\"}" "$base/api/login" |
    awk '$6 == "rentproof_session" { print $6 "=" $7 }'
}
declare -A cookies=(
  [tenant]=$(session maya_johnson rentproof-demo)
  [landlord]=$(session rafael_ortega rentproof-demo)
  [admin]=$(session lighthouse_admin "$admin_password")
)
for who in "${!cookies[@]}"; do
  [ -n "${cookies[$who]}" ] || { echo "lighthouse: signing in the $who failed" >&2; exit 1; }
done

# name, path, and who is signed in (none: a visitor).
pages=("home / none" "search /find-properties none" "property /properties/1 none" "article /resources/$resource none"
  "location /location/$location none" "auth /auth none" "dashboard-tenant /dashboard tenant"
  "dashboard-landlord /dashboard landlord" "gamification /gamification tenant" "settings /settings tenant" "admin /admin admin")
if [ -n "${LIGHTHOUSE_PAGES:-}" ]; then
  chosen=()
  for page in "${pages[@]}"; do
    [[ " $LIGHTHOUSE_PAGES " == *" ${page%% *} "* ]] && chosen+=("$page")
  done
  pages=("${chosen[@]}")
fi
runs=${LIGHTHOUSE_RUNS:-3}
for page in "${pages[@]}"; do
  read -r name path who <<<"$page"
  headers=()
  [ "$who" = none ] || headers=(--extra-headers "{\"Cookie\":\"${cookies[$who]}\"}")
  for run in $(seq "$runs"); do
    echo "lighthouse: $name ($path, signed in: $who), run $run of $runs" >&2
    CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} "$here/node_modules/.bin/lighthouse" "$base$path" \
      --quiet --output=json --output-path="$out/$name-$run.json" "${headers[@]}" \
      --only-categories=performance,accessibility,best-practices,seo \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync"
  done
done

node "$here/report.mjs" "$out" "$root/docs/lighthouse.md" "$runs" "${pages[@]}"
rm -rf "$out"
