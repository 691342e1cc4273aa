#!/usr/bin/env bash
# Runs the real coding assistants against the gateway with only their three settings changed:
# Claude Code (Anthropic Messages), Codex CLI (Responses) and Gemini CLI (Gemini API), each a
# one-shot prompt and a tool-using turn (the CLI runs a shell command the model asked for and
# sends the result back), on the embedded database and the demo upstream.
#
# Not part of `npm test`/CI: it installs ~600 MB of CLIs from the npm registry (Claude Code ships
# a native binary) and the CLIs change weekly. Run it by hand: `npm run check:clients`.
# CLIENTS_DIR keeps the installed CLIs between runs. Exit code 0 only when all six turns pass.
set -uo pipefail
cd "$(dirname "$0")/.."

CLIENTS_DIR="${CLIENTS_DIR:-${TMPDIR:-/tmp}/gateway-clients}"
CLAUDE_CODE_VERSION="${CLAUDE_CODE_VERSION:-2.1.332}"
CODEX_VERSION="${CODEX_VERSION:-0.169.0}"
GEMINI_CLI_VERSION="${GEMINI_CLI_VERSION:-0.61.0}"
WORK="$(mktemp -d)"
PORT="${CHECK_CLIENTS_PORT:-$((21000 + $$ % 20000))}"
BASE="http://127.0.0.1:$PORT"

cleanup() {
  [ -n "${PID:-}" ] && kill -TERM "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ ! -x "$CLIENTS_DIR/node_modules/.bin/gemini" ] || [ ! -x "$CLIENTS_DIR/node_modules/.bin/claude" ] || [ ! -x "$CLIENTS_DIR/node_modules/.bin/codex" ]; then
  echo "== installing the CLIs into $CLIENTS_DIR (once)"
  mkdir -p "$CLIENTS_DIR"
  (cd "$CLIENTS_DIR" && [ -f package.json ] || echo '{"private":true}' > "$CLIENTS_DIR/package.json")
  (cd "$CLIENTS_DIR" && npm install --no-audit --no-fund --silent \
    "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION" "@openai/codex@$CODEX_VERSION" "@google/gemini-cli@$GEMINI_CLI_VERSION") || exit 1
fi
BIN="$CLIENTS_DIR/node_modules/.bin"

echo "== starting the gateway on $BASE (embedded database, demo upstream)"
DATA_DIR="$WORK/data" PORT="$PORT" HOST=127.0.0.1 LOG_LEVEL=warn node --import tsx src/main.ts >"$WORK/gateway.log" 2>&1 &
PID=$!
KEY=""
for _ in $(seq 1 240); do
  KEY="$(sed -n 's/^demo key: \(sk-[A-Za-z0-9]*\).*/\1/p' "$WORK/gateway.log" | head -n 1)"
  [ -n "$KEY" ] && break
  kill -0 "$PID" 2>/dev/null || { cat "$WORK/gateway.log"; exit 1; }
  sleep 0.5
done
[ -n "$KEY" ] || { echo "the gateway printed no demo key" >&2; cat "$WORK/gateway.log" >&2; exit 1; }

# Each CLI gets a fresh home: nothing of the user's own configuration leaks in.
export HOME="$WORK/home"
mkdir -p "$HOME/.codex" "$HOME/.gemini" "$WORK/project"
cat >"$HOME/.codex/config.toml" <<TOML
model = "gpt-4o-mini"
model_provider = "gateway"

[model_providers.gateway]
name = "Model gateway"
base_url = "$BASE/v1"
env_key = "GATEWAY_API_KEY"
wire_api = "responses"
TOML
echo '{"security":{"auth":{"selectedType":"gemini-api-key"}},"privacy":{"usageStatisticsEnabled":false}}' >"$HOME/.gemini/settings.json"
cd "$WORK/project" && git init -q . 2>/dev/null

PROMPT_TOOL='Use the %s tool to run `echo tool-ran-ok`'
failures=0
check() { # name, expected text, command...
  local name="$1" expected="$2"; shift 2
  local out="$WORK/$name.out" started=$SECONDS
  timeout 240 bash -c '"$@"' _ "$@" >"$out" 2>&1
  if grep -q -- "$expected" "$out"; then
    printf '| %-22s | pass | %3ss |\n' "$name" "$((SECONDS - started))"
  else
    printf '| %-22s | FAIL | %3ss |\n' "$name" "$((SECONDS - started))"
    tail -n 20 "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}

claude() {
  ANTHROPIC_BASE_URL="$BASE" ANTHROPIC_AUTH_TOKEN="$KEY" ANTHROPIC_MODEL=claude-3-5-haiku-20241022 \
    ANTHROPIC_SMALL_FAST_MODEL=claude-3-5-haiku-20241022 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 "$BIN/claude" "$@"
}
codex() { GATEWAY_API_KEY="$KEY" "$BIN/codex" exec --skip-git-repo-check "$@"; }
gemini() {
  GEMINI_CLI_TRUST_WORKSPACE=true GOOGLE_GEMINI_BASE_URL="$BASE" GEMINI_API_KEY="$KEY" "$BIN/gemini" -m gemini-2.5-flash "$@"
}

export BASE KEY BIN
export -f claude codex gemini
echo "| client turn            | ok   | time |"
echo "|------------------------|------|------|"
check claude-code-one-shot 'echo: ' claude -p 'Say hello'
# stream-json shows the tool result the CLI sent back; the demo then answers the turn.
check claude-code-tool '"tool_use_result".*tool-ran-ok\|tool-ran-ok.*"tool_result"\|"type":"tool_result"[^}]*tool-ran-ok' \
  claude -p --allowedTools Bash --output-format stream-json --verbose "$(printf "$PROMPT_TOOL" Bash)"
check codex-one-shot 'echo: Say hello' codex 'Say hello'
check codex-tool '^tool-ran-ok' codex "$(printf "$PROMPT_TOOL" exec_command)"
check gemini-cli-one-shot 'echo: ' gemini -p 'Say hello'
check gemini-cli-tool '"type":"tool_result".*"status":"success".*tool-ran-ok' \
  gemini --yolo -o stream-json -p "$(printf "$PROMPT_TOOL" run_shell_command)"

echo "versions: claude-code $CLAUDE_CODE_VERSION, codex $CODEX_VERSION, gemini-cli $GEMINI_CLI_VERSION"
exit "$failures"
