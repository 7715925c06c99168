#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browsers here).
# Installs it when missing and this is a root shell on Debian; otherwise says what to do.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
else
  echo "Chromium is missing at $chromium. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
