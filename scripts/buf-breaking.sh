#!/usr/bin/env bash
# `buf breaking`: no change to proto/ may break the API. Checked step by step: the working tree
# against HEAD, and each of the last BREAKING_DEPTH commits (default 50) that changed proto/
# against its parent, since a submission is many commits and a break in any of them reaches the
# clients that the one before it served. BREAKING_AGAINST=<any git ref> instead compares the
# working tree with that ref once. A shallow clone is deepened first, and if that is impossible
# the check fails and says why rather than pass unchecked.
set -euo pipefail
cd "$(dirname "$0")/.."
buf=${BUF:-ui/node_modules/.bin/buf}
depth=${BREAKING_DEPTH:-50}

if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  echo "buf breaking: shallow clone, fetching the commits to compare with"
  git fetch -q --deepen="$depth" origin 2>&1 || true
fi

# against REF [INPUT]: INPUT's proto/ (the working tree by default) must not break REF's.
against() {
  local ref
  if ! ref=$(git rev-parse -q --verify "$1^{commit}"); then
    echo "buf breaking: $1 is not in this clone (shallow, and deepening it failed):" >&2
    echo "  clone with history, or set BREAKING_AGAINST to a ref it has" >&2
    exit 1
  fi
  echo "buf breaking: ${3:-the working tree} against $(git log -1 --format='%h %s' "$ref" | cut -c1-60)"
  "$buf" breaking "${2:-.}" --against ".git#ref=$ref"
}

if [ -n "${BREAKING_AGAINST:-}" ]; then
  against "$BREAKING_AGAINST"
  exit 0
fi
against HEAD
for commit in $(git rev-list -n "$depth" HEAD); do
  parent=$(git rev-list --parents -n 1 "$commit" | cut -s -d' ' -f2)
  [ -n "$parent" ] || break # the first commit: nothing before it
  git diff --quiet "$parent" "$commit" -- proto/ && continue
  against "$parent" ".git#ref=$commit" "$(git rev-parse --short "$commit")"
done
