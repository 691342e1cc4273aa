#!/usr/bin/env bash
# The cluster check: PostgreSQL, Redis, three gateway instances and HAProxy on loopback
# (test/cluster). Installs Debian's haproxy when it is missing, as .ci/run does for chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v haproxy >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y haproxy >/dev/null || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y haproxy >/dev/null; }
  else
    echo "haproxy is missing: apt-get install haproxy" >&2
    exit 1
  fi
fi
exec npx jest --ci --config test/cluster/jest.config.js --runInBand "$@"
