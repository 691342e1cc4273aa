#!/usr/bin/env bash
# The container's start sequence without Docker: compile, start `node dist/src/main.js` against
# PostgreSQL, wait for /readyz, scrape /metrics, then SIGTERM and expect a clean exit (code 0).
# Used by .ci/run; needs the PostgreSQL that the tests use (TEST_DATABASE_URL or 127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
DB_NAME="gw_start_check_$$"
DB_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$DB_NAME")"
PORT="${START_CHECK_PORT:-$((20000 + $$ % 20000))}"
LOG="$(mktemp)"

# GET $1; prints the body; fails on a non-2xx status (node, so no curl is needed).
get() { node -e 'fetch(process.argv[1]).then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1); }, () => process.exit(1))' "$1"; }
sql() { node -e 'const { Client } = require("pg"); const c = new Client({ connectionString: process.argv[1] }); c.connect().then(() => c.query(process.argv[2])).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); })' "$ADMIN_URL" "$1"; }
cleanup() {
  [ -n "${PID:-}" ] && kill -KILL "$PID" 2>/dev/null || true
  sql "drop database if exists \"$DB_NAME\" with (force)" || true
  rm -f "$LOG"
}
trap cleanup EXIT

# START_CHECK_BUILT=1: `npm run build` has just run (CI's static checks), so its output is started as is.
[ "${START_CHECK_BUILT:-}" = 1 ] || npm run build >/dev/null
sql "create database \"$DB_NAME\""

DATABASE_URL="$DB_URL" PORT="$PORT" HOST=127.0.0.1 SECRET_KEY=start-check-secret-key-0123456789abcdef \
  DEMO_UPSTREAM=false ADMIN_PASSWORD=start-check-password LOG_FORMAT=json SHUTDOWN_GRACE_MS=5000 \
  node dist/src/main.js >"$LOG" 2>&1 &
PID=$!

ready=""
for _ in $(seq 1 120); do
  if get "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "start check: /readyz never answered 200" >&2
  cat "$LOG" >&2
  exit 1
fi
get "http://127.0.0.1:$PORT/metrics" | grep -q '^gw_active_streams ' || { echo "start check: /metrics lacks gw_active_streams" >&2; exit 1; }

kill -TERM "$PID"
code=0
wait "$PID" || code=$?
PID=""
if [ "$code" -ne 0 ]; then
  echo "start check: exit code $code after SIGTERM" >&2
  cat "$LOG" >&2
  exit 1
fi
echo "start check: compiled build became ready on :$PORT and exited 0 after SIGTERM"
