#!/usr/bin/env bash
# Makes sure a command from a Debian package is installed: ensure-tool.sh COMMAND [PACKAGE].
# Used for Debian's chromium (Playwright never downloads one) and wrk (make bench).
set -euo pipefail
cmd=$1 pkg=${2:-$1}
command -v "$cmd" >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing $pkg with apt-get" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg" >&2
else
  echo "$cmd is missing: install it (Debian: sudo apt-get install $pkg)" >&2
  exit 1
fi
