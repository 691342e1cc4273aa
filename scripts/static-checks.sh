#!/usr/bin/env bash
# The checks that need no database, run side by side (CI has two cores and tsc uses one): the
# type-check of the server and tests, of the console, the super-linear regex lint, the schema
# drift check, and the production build (`npm run build`: tsc with the build config, then the
# console bundle) that the start check and the browser tests use. Each job's output is printed
# when it ends; the script fails if any job failed.
set -uo pipefail
cd "$(dirname "$0")/.."

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
declare -A PIDS=()
run() {
  local name="$1"; shift
  ( "$@" >"$LOGS/$name.log" 2>&1 ) &
  PIDS[$name]=$!
}

run "type-check (server and tests)" npx tsc --noEmit -p .
run "type-check (console)" npx tsc --noEmit -p src/console
run "super-linear regex check (eslint-plugin-regexp)" npm run lint:regex
run "schema drift check" npm run schema:check
run "production build" npm run build

failed=0
for name in "${!PIDS[@]}"; do
  if wait "${PIDS[$name]}"; then
    echo "-- $name: passed"
  else
    echo "-- $name: FAILED"
    failed=1
  fi
  sed 's/^/   /' "$LOGS/$name.log"
done
exit "$failed"
