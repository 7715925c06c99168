#!/usr/bin/env bash
# The multi-process deployment test (server/deployment.postgres.test.ts) runs the app behind Debian's HAProxy, as
# docs/deploy.md sets it up. Installs it when missing and this is a root shell on Debian;
# otherwise says what to do (the test then fails and says so too: it is never skipped).
set -euo pipefail
haproxy="${HAPROXY_PATH:-/usr/sbin/haproxy}"
[ -x "$haproxy" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's haproxy for the deployment test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null
  # Only the binary is needed: the package's own service is not the one the test runs.
  if command -v systemctl >/dev/null 2>&1; then systemctl disable --now haproxy >/dev/null 2>&1 || true; fi
else
  echo "HAProxy is missing at $haproxy. Install it (Debian: sudo apt-get install haproxy) or set HAPROXY_PATH." >&2
  exit 1
fi
