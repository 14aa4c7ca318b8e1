#!/usr/bin/env bash
# The long reliability run (`make soak`): every TestSoak* test with SOAK=1 (faults, restarts, two
# servers, the replica, load), then each go-fuzz target for FUZZ_TIME. It prints every figure the
# tests report ("soak: NAME: VALUE") and the fuzz executions per target; docs/reliability.md
# records the latest. Within 30 minutes on 2 cores.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p .data
export DATABASE_URL=${DATABASE_URL:-$(DB_CLUSTER=test bash scripts/db.sh)}
export STRIPE_MOCK_URL=${STRIPE_MOCK_URL:-$(bash scripts/stripe-mock.sh)}
export SOAK=1
log=.data/soak.log
pkgs=$(go list ./... | grep -v /node_modules/)
start=$(date +%s)

echo "soak: the TestSoak tests" >&2
status=0
# shellcheck disable=SC2086
go test -count=1 -timeout 25m -run '^TestSoak' -v $pkgs >"$log" 2>&1 || status=$?

echo "soak: fuzzing, ${FUZZ_TIME:=20s} per target" >&2
fuzzlog=.data/soak-fuzz.log
: >"$fuzzlog"
for pkg in $pkgs; do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZ_TIME" "$pkg" 2>&1) || { status=1; echo "$out" >>"$fuzzlog"; }
    execs=$(echo "$out" | grep -oE 'execs: [0-9]+' | tail -n 1 | grep -oE '[0-9]+' || echo 0)
    echo "soak: fuzz ${pkg#github.com/rentproof/rentproof/}.${target}: ${execs} executions" >>"$log"
  done
done

echo
echo "== make soak: figures ($(($(date +%s) - start)) s)"
grep -h '^soak: ' "$log" | sed 's/^soak: /  /'
grep -E '^(--- FAIL|FAIL|panic:)' "$log" "$fuzzlog" || true
if [ "$status" != 0 ]; then
  echo "soak: FAILED (the whole output is in $log and $fuzzlog)" >&2
  exit 1
fi
