#!/usr/bin/env bash
# Starts (or reuses) the project-local PostgreSQL and prints its URL on stdout.
#
#   scripts/db.sh          ensure the cluster runs and the "rentproof" database exists; print its URL
#   scripts/db.sh stop     stop the cluster
#
# DB_CLUSTER=durable selects a second cluster (.data/postgres-durable) with PostgreSQL's durable
# settings (fsync, synchronous_commit, full_page_writes on) and pg_stat_statements, for benchmarks
# of writes (`make bench BENCH=ledger`): the default cluster turns them off for test speed.
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
fsync = on
synchronous_commit = on
full_page_writes = on
shared_buffers = 4GB
max_wal_size = 8GB
shared_preload_libraries = 'pg_stat_statements'
CONF
  else
    cat >>"$data/postgresql.conf" <<CONF
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 256MB
CONF
  fi
fi

port=$(sed -n 's/^port = \([0-9]*\)$/\1/p' "$data/postgresql.conf" | tail -n 1)
if ! as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  log "starting PostgreSQL on 127.0.0.1:$port"
  as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 30 start >/dev/null
fi

url="postgres://postgres@127.0.0.1:$port/$dbname?sslmode=disable"
if ! "$bin/psql" "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" -Atqc \
  "SELECT 1 FROM pg_database WHERE datname = '$dbname'" | grep -q 1; then
  "$bin/psql" "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" -qc "CREATE DATABASE \"$dbname\"" >&2
fi
echo "$url"
