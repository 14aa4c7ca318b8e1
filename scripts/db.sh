#!/usr/bin/env bash
# Starts (or reuses) the project-local PostgreSQL and prints its URL on stdout.
#
#   scripts/db.sh          ensure the cluster runs and the "rentproof" database exists; print its URL
#   scripts/db.sh stop     stop the cluster
#
# The default cluster (.data/postgres: `make run`, `make db`) is durable: fsync, synchronous_commit
# and full_page_writes on, so a power cut loses nothing a user was told is saved. A cluster made
# before it was (those settings off) is switched in place on the next run: its settings are
# rewritten, its files flushed to disk (initdb --sync-only) and it restarts, keeping its data.
# DB_CLUSTER=test selects the tests' cluster (.data/postgres-test: `make test-go`, scripts/e2e.sh,
# `make soak`, `make lighthouse`), which turns them off for speed: a test database is thrown away.
# DB_CLUSTER=durable selects the write benchmarks' cluster (.data/postgres-durable: durable, large
# buffers and pg_stat_statements; `make bench BENCH=ledger`).
#
# With DATABASE_URL set, it prints that and starts nothing. The cluster lives under .data/postgres
# (git-ignored), listens on 127.0.0.1 only, on a free port chosen once and reused, and trusts local
# connections: it is for development and tests, never for production.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cluster=${DB_CLUSTER:-}
data="$root/.data/postgres${cluster:+-$cluster}"
dbname=${DB_NAME:-rentproof}
log() { echo "db: $*" >&2; }

if [ "${1:-}" != stop ] && [ -n "${DATABASE_URL:-}" ]; then
  echo "$DATABASE_URL"
  exit 0
fi

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$dir" ] && command -v pg_ctl >/dev/null; then dir=$(dirname "$(readlink -f "$(command -v pg_ctl)")"); fi
  echo "$dir"
}

bin=$(pg_bin)
if [ -z "$bin" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing PostgreSQL with apt-get"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
    bin=$(pg_bin)
  fi
  if [ -z "$bin" ]; then
    log "PostgreSQL server binaries not found: install PostgreSQL (Debian: apt-get install postgresql) or set DATABASE_URL"
    exit 1
  fi
fi

# initdb refuses root: as root the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The postgres user must be able to reach the data folder; when the checkout is private to root, keep
# the cluster in a folder of its own outside it.
if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$root"; then
  data="/var/tmp/rentproof-postgres${cluster:+-$cluster}-$(echo "$root" | md5sum | cut -c1-8)"
fi

if [ "${1:-}" = stop ]; then
  [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" -m fast stop >&2 || true
  exit 0
fi

if [ ! -f "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres: "$data" && chmod 700 "$data"
  log "creating a cluster in $data"
  as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  # Pick a free port once and keep it, so URLs stay the same across runs.
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000)))
  cat >>"$data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
max_connections = 200
CONF
  if [ "$cluster" = durable ]; then
    cat >>"$data/postgresql.conf" <<CONF
shared_buffers = 4GB
max_wal_size = 8GB
shared_preload_libraries = 'pg_stat_statements'
CONF
  else
    echo "shared_buffers = 256MB" >>"$data/postgresql.conf"
  fi
fi

# The three settings a power cut tests: off only on the tests' cluster.
want=on
[ "$cluster" = test ] && want=off
settings=(fsync synchronous_commit full_page_writes)
conf_value() { sed -n "s/^$1 = \([a-z0-9]*\).*$/\1/p" "$data/postgresql.conf" | tail -n 1; }
switch=
for s in "${settings[@]}"; do [ "$(conf_value "$s")" = "$want" ] || switch=1; done
if [ -n "$switch" ]; then
  if [ -f "$data/postmaster.pid" ]; then
    log "switching the cluster in $data to fsync, synchronous_commit and full_page_writes $want (restart)"
  fi
  as_owner "$bin/pg_ctl" -D "$data" -m fast stop >/dev/null 2>&1 || true
  # Later lines win in postgresql.conf, but one line per setting is what a reader expects.
  as_owner sed -i -E "/^(fsync|synchronous_commit|full_page_writes) = /d" "$data/postgresql.conf"
  for s in "${settings[@]}"; do echo "$s = $want" | as_owner tee -a "$data/postgresql.conf" >/dev/null; done
  # Writes made with fsync off may still sit in the kernel's cache: flush them before trusting fsync.
  if [ "$want" = on ]; then as_owner "$bin/initdb" --sync-only -D "$data" >/dev/null; fi
fi

# Full-page images (a page's first change after each checkpoint) are most of what a durable write
# logs: compressed with lz4, an approval after a checkpoint logs a third less for little CPU
# (docs/benchmarks.md, issue 29). A reload is enough to change it.
reload=
if [ "$want" = on ] && [ "$(conf_value wal_compression)" != lz4 ]; then
  as_owner sed -i -E "/^wal_compression = /d" "$data/postgresql.conf"
  echo "wal_compression = lz4" | as_owner tee -a "$data/postgresql.conf" >/dev/null
  reload=1
fi

port=$(sed -n 's/^port = \([0-9]*\)$/\1/p' "$data/postgresql.conf" | tail -n 1)
if ! as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  log "starting PostgreSQL on 127.0.0.1:$port"
  as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 30 start >/dev/null
elif [ -n "$reload" ]; then
  as_owner "$bin/pg_ctl" -D "$data" reload >/dev/null
fi

url="postgres://postgres@127.0.0.1:$port/$dbname?sslmode=disable"
admin="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
# What the server runs with, not what the file says (ALTER SYSTEM would override it).
running=$("$bin/psql" "$admin" -Atqc "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings
  WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') AND setting <> '$want'")
if [ -n "$running" ]; then
  log "warning: the cluster in $data runs with $running (postgresql.auto.conf? ALTER SYSTEM RESET it)"
fi
if ! "$bin/psql" "$admin" -Atqc "SELECT 1 FROM pg_database WHERE datname = '$dbname'" | grep -q 1; then
  "$bin/psql" "$admin" -qc "CREATE DATABASE \"$dbname\"" >&2
fi
echo "$url"
