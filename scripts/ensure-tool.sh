#!/usr/bin/env bash
# Makes sure Debian's chromium is installed for the browser tests (Playwright never downloads one).
set -euo pipefail
command -v chromium >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing chromium with apt-get" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
else
  echo "chromium is missing: install it (Debian: sudo apt-get install chromium)" >&2
  exit 1
fi
