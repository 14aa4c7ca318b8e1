#!/usr/bin/env bash
# Starts (or reuses) the project-local stripe-mock and prints its base URL on stdout, as
# scripts/db.sh does for PostgreSQL: the Go tests of card payments talk to it instead of Stripe.
#
#   scripts/stripe-mock.sh        ensure stripe-mock runs; print its URL (http://127.0.0.1:PORT)
#   scripts/stripe-mock.sh stop   stop it
#
# With STRIPE_MOCK_URL set, it prints that and starts nothing. The binary is built from the version
# pinned in tools/stripe-mock/go.mod into .data/bin; it listens on 127.0.0.1 only (both its HTTP and
# HTTPS addresses are given, or it would listen on every interface), on free ports chosen at start.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.data/stripe-mock"
bin="$root/.data/bin/stripe-mock"
log() { echo "stripe-mock: $*" >&2; }

if [ "${1:-}" != stop ] && [ -n "${STRIPE_MOCK_URL:-}" ]; then
  echo "$STRIPE_MOCK_URL"
  exit 0
fi

mkdir -p "$dir" "$root/.data/bin"
exec 9>"$dir/lock"
flock 9

running() { [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; }

if [ "${1:-}" = stop ]; then
  if running; then kill "$(cat "$dir/pid")"; fi
  rm -f "$dir/pid" "$dir/url"
  exit 0
fi

if running && [ -f "$dir/url" ] && curl -fsS -o /dev/null -H 'Authorization: Bearer sk_test_123' "$(cat "$dir/url")/v1/customers" 2>/dev/null; then
  cat "$dir/url"
  exit 0
fi

# Build the pinned version when the binary is missing or older than the pin.
if [ ! -x "$bin" ] || [ "$root/tools/stripe-mock/go.mod" -nt "$bin" ]; then
  log "building the pinned stripe-mock (tools/stripe-mock/go.mod)"
  if ! (cd "$root/tools/stripe-mock" && go build -o "$bin" github.com/stripe/stripe-mock) >&2; then
    log "could not build github.com/stripe/stripe-mock from tools/stripe-mock/go.mod: is the Go module proxy reachable? Or set STRIPE_MOCK_URL to a running stripe-mock"
    exit 1
  fi
fi

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000))
}
http_port=$(free_port)
https_port=$(free_port)
while [ "$https_port" = "$http_port" ]; do https_port=$(free_port); done
url="http://127.0.0.1:$http_port"

log "starting on $url"
nohup setsid "$bin" -http-addr "127.0.0.1:$http_port" -https-addr "127.0.0.1:$https_port" >"$dir/log" 2>&1 9>&- &
echo $! >"$dir/pid"
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null -H 'Authorization: Bearer sk_test_123' "$url/v1/customers" 2>/dev/null; then
    echo "$url" >"$dir/url"
    echo "$url"
    exit 0
  fi
  if ! running; then break; fi
  sleep 0.1
done
log "did not start answering on $url within 10 s; its log ($dir/log) ends with:"
tail -n 20 "$dir/log" >&2 || true
if running; then kill "$(cat "$dir/pid")" || true; fi
rm -f "$dir/pid"
exit 1
