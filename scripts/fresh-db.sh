#!/usr/bin/env bash
# Usage: scripts/fresh-db.sh CLUSTER_URL NAME [drop]
# Drops and recreates database NAME on the cluster of CLUSTER_URL, and prints its URL; with drop,
# only drops it.
set -euo pipefail
url=$1 name=$2 only_drop=${3:-}
[[ $name =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "fresh-db: bad database name $name" >&2; exit 1; }
base=${url%%\?*}; query=${url#"$base"}
server=${base%/*}
if [ "$only_drop" = drop ]; then
  psql "$server/postgres$query" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >&2
  exit 0
fi
psql "$server/postgres$query" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name" >&2
echo "$server/$name$query"
