#!/usr/bin/env bash
# `buf breaking`: proto/ must not break the API of the previous commit (HEAD~1, or BREAKING_AGAINST,
# any git ref). The first commit has nothing to compare with; a shallow clone is deepened by one
# commit first, and if that is impossible the check fails and says why rather than pass unchecked.
set -euo pipefail
cd "$(dirname "$0")/.."
buf=${BUF:-ui/node_modules/.bin/buf}
against=${BREAKING_AGAINST:-HEAD~1}

if ! git rev-parse -q --verify "$against^{commit}" >/dev/null; then
  if [ "$against" = HEAD~1 ] && [ -z "$(git rev-list --parents -n 1 HEAD | cut -s -d' ' -f2)" ] &&
    [ "$(git rev-parse --is-shallow-repository)" = false ]; then
    echo "buf breaking: HEAD is the first commit, nothing to compare with"
    exit 0
  fi
  if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    echo "buf breaking: shallow clone, fetching one more commit to compare with"
    git fetch -q --deepen=1 origin 2>&1 || true
  fi
  if ! git rev-parse -q --verify "$against^{commit}" >/dev/null; then
    echo "buf breaking: $against is not in this clone (shallow, and deepening it failed):" >&2
    echo "  clone with history (git clone --depth 2 or more), or set BREAKING_AGAINST to a ref it has" >&2
    exit 1
  fi
fi

# buf takes a full ref; resolve abbreviations and relative refs here.
ref=$(git rev-parse "$against^{commit}")
echo "buf breaking: proto/ against $against ($(git log -1 --format='%h %s' "$ref" | cut -c1-72))"
"$buf" breaking --against ".git#ref=$ref"
