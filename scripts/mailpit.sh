#!/usr/bin/env bash
# Starts (or reuses) the project-local Mailpit, the SMTP server that keeps every email the product
# sends and shows it in a web inbox, as scripts/stripe-mock.sh does for stripe-mock.
#
#   scripts/mailpit.sh        ensure Mailpit runs; print its SMTP URL, then its web inbox (and API) URL
#   scripts/mailpit.sh smtp   the same, printing only the SMTP URL (the server's SMTP_URL)
#   scripts/mailpit.sh api    the same, printing only the web/API URL (the tests' MAILPIT_API_URL)
#   scripts/mailpit.sh stop   stop it
#
# With MAILPIT_SMTP_URL and MAILPIT_API_URL set, it prints those and starts nothing. The binary is
# built from the version pinned in tools/mailpit/go.mod into .data/bin. It listens on 127.0.0.1 only
# (SMTP, web and API; POP3 stays off), on free ports chosen at start, keeps the last 100,000
# messages in a temporary database (not 500: the tests count them) and refuses, with 550, recipients whose address starts
# with "bounce" (how the tests make a permanent refusal; every other address is accepted).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.data/mailpit"
bin="$root/.data/bin/mailpit"
log() { echo "mailpit: $*" >&2; }
mode=${1:-both}

print() { # smtp url, api url
  case "$mode" in
  smtp) echo "$1" ;;
  api) echo "$2" ;;
  *) printf '%s\n%s\n' "$1" "$2" ;;
  esac
}

if [ "$mode" != stop ] && [ -n "${MAILPIT_SMTP_URL:-}" ] && [ -n "${MAILPIT_API_URL:-}" ]; then
  print "$MAILPIT_SMTP_URL" "$MAILPIT_API_URL"
  exit 0
fi

mkdir -p "$dir" "$root/.data/bin"
exec 9>"$dir/lock"
flock 9

running() { [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; }

if [ "$mode" = stop ]; then
  if running; then kill "$(cat "$dir/pid")"; fi
  rm -f "$dir/pid" "$dir/urls"
  exit 0
fi

if running && [ -f "$dir/urls" ]; then
  { read -r smtp; read -r api; } <"$dir/urls"
  if curl -fsS -o /dev/null "$api/api/v1/info" 2>/dev/null; then
    print "$smtp" "$api"
    exit 0
  fi
fi

# Build the pinned version when the binary is missing or older than the pin.
if [ ! -x "$bin" ] || [ "$root/tools/mailpit/go.mod" -nt "$bin" ]; then
  log "building the pinned Mailpit (tools/mailpit/go.mod; about a minute the first time)"
  if ! (cd "$root/tools/mailpit" && go build -o "$bin.tmp" github.com/axllent/mailpit && mv "$bin.tmp" "$bin") >&2; then
    log "could not build github.com/axllent/mailpit from tools/mailpit/go.mod: is the Go module proxy reachable? Or set MAILPIT_SMTP_URL and MAILPIT_API_URL to a running Mailpit"
    exit 1
  fi
fi

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000))
}
smtp_port=$(free_port)
web_port=$(free_port)
while [ "$web_port" = "$smtp_port" ]; do web_port=$(free_port); done
# Plain SMTP (tls=none): Mailpit on loopback has no certificate; SMTP_URL documents the parameter.
smtp="smtp://127.0.0.1:$smtp_port?tls=none"
api="http://127.0.0.1:$web_port"

log "starting: SMTP on 127.0.0.1:$smtp_port, inbox on $api"
nohup setsid "$bin" --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$web_port" \
  --max 100000 --disable-version-check --smtp-disable-rdns --quiet \
  --smtp-allowed-recipients '^([^b]|b[^o]|bo[^u]|bou[^n]|boun[^c]|bounc[^e])' \
  >"$dir/log" 2>&1 9>&- &
echo $! >"$dir/pid"
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null "$api/api/v1/info" 2>/dev/null; then
    printf '%s\n%s\n' "$smtp" "$api" >"$dir/urls"
    print "$smtp" "$api"
    exit 0
  fi
  if ! running; then break; fi
  sleep 0.1
done
log "did not start answering on $api within 10 s; its log ($dir/log) ends with:"
tail -n 20 "$dir/log" >&2 || true
if running; then kill "$(cat "$dir/pid")" || true; fi
rm -f "$dir/pid"
exit 1
