#!/usr/bin/env bash
# End-to-end test of Brain with the real Claude Code CLI, driven offline by a scripted stand-in for the Anthropic
# Messages API (claude-code/messages-stand-in.mjs, scenarios in claude-code/scenarios.json). It starts Brain
# (./brain up on the database brain_test, in its own data folder; ports 8080 and 9101-9103 must be free), makes a
# throwaway git project whose app.py fails with KeyError: 'customer_ref', installs Brain's hooks there
# (./brain hooks install), registers Brain's MCP server in a throwaway HOME, and runs one `claude -p` session per
# check, asserting on what the model was sent:
#   a. a failing Bash command is stored as an error of the project (REST search)
#   b. a new session's first request carries the SessionStart digest naming that error
#   c. once a solution is recorded, the failure hint for the same command names it
#   d. a command matching an imported prevention rule gets the PreToolUse warning naming the rule
#   g. fail → Read → Edit → the same command succeeds: Brain holds an observed solution of the error with the diff
#      (another project: no tool call, only the hooks), and the success's hook context says so
#   h. in a third project the same failure's hook context names that learned fix
#   i. the learned fix offered again, applied, and the command succeeding: the solution's successes grow by one
#   j. fail → an Edit that does not help → fail again: the second failure's hint names the edit as "tried: … — still
#      failing"
#   e. the model loads brain_query_error through ToolSearch, calls it over MCP and reads the error id
#   f. with Brain down, a session completes, without hook context, within the hooks' time-outs
# Prints one line per check and "claude-code-e2e: N passed, M failed"; exits 1 if a check failed (keeping its
# temp folder, with every session's request log, for a look).
# The CLI (npm @anthropic-ai/claude-code, pinned) is installed once into ${BRAIN_CACHE_DIR:-~/.cache/brain}.
# Needs node, npm, git, python3 and curl; BRAIN_SKIP_CLAUDE_E2E=1 skips the whole test.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HERE=$ROOT/scripts/claude-code
VERSION=2.1.332
CLI_DIR=${BRAIN_CACHE_DIR:-$HOME/.cache/brain}/claude-code/$VERSION
GATEWAY=http://127.0.0.1:8080
RUN_TIMEOUT=120
# What hooks/brain-hook.sh may wait in one session of check f: 2 s SessionStart + 1 s PreToolUse + 2 s
# PostToolUseFailure, plus 2 s for jitter.
HOOK_WAIT_MS=7000

say() { printf 'claude-code-e2e: %s\n' "$*"; }
die() { printf 'claude-code-e2e: ERROR: %s\n' "$*" >&2; exit 1; }

if [ "${BRAIN_SKIP_CLAUDE_E2E:-0}" = 1 ]; then say "skipped (BRAIN_SKIP_CLAUDE_E2E=1)"; exit 0; fi
# a fresh machine may lack Node.js and npm: install what is missing from Debian's packages (as db-bootstrap does)
missing=()
for tool in node npm git python3 curl; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ] && command -v apt-get >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo -n"
  packages=(); for tool in "${missing[@]}"; do case $tool in node) packages+=(nodejs) ;; *) packages+=("$tool") ;; esac; done
  say "installing ${packages[*]} (apt-get)"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}"; } >/dev/null 2>&1 \
    || die "could not install ${packages[*]} (BRAIN_SKIP_CLAUDE_E2E=1 skips this test)"
fi
for tool in node npm git python3 curl sha256sum timeout; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is required for this test (BRAIN_SKIP_CLAUDE_E2E=1 skips it)"
done
for port in 8080 9101 9102 9103; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "port $port is in use; stop what runs there (./brain down?)"; fi
done

WORK=$(mktemp -d /tmp/brain-claude-e2e.XXXXXX)
export BRAIN_DATA_DIR=$WORK/data BRAIN_DB_URL=jdbc:postgresql://127.0.0.1:5432/brain_test
STAND_IN_PID="" passed=0 failed=0
cleanup() {
  local rc=$?
  if [ -n "$STAND_IN_PID" ]; then kill "$STAND_IN_PID" 2>/dev/null || true; fi
  "$ROOT/brain" down >/dev/null 2>&1 || true
  if [ "$rc" -eq 0 ]; then rm -rf "$WORK"; else say "kept $WORK (request logs *.jsonl, CLI output *.out, Brain's logs data/logs)"; fi
}
trap cleanup EXIT

# --- the CLI: the binary of npm's platform package (the package's postinstall, which copies it to bin/, may not run)
find_cli() {
  local c
  for c in "$CLI_DIR"/node_modules/@anthropic-ai/claude-code-*/claude; do
    if [ -x "$c" ] && [[ $("$c" --version 2>/dev/null) == "$VERSION "* ]]; then printf '%s\n' "$c"; return 0; fi
  done
  return 1
}
if ! CLI=$(find_cli); then
  say "installing @anthropic-ai/claude-code@$VERSION into $CLI_DIR"
  partial=$CLI_DIR.partial.$$
  rm -rf "$partial" && mkdir -p "$partial"
  npm install --prefix "$partial" --no-audit --no-fund "@anthropic-ai/claude-code@$VERSION" >"$WORK/npm-install.log" 2>&1 \
    || { tail -n 20 "$WORK/npm-install.log" >&2; rm -rf "$partial"; die "npm install @anthropic-ai/claude-code@$VERSION failed"; }
  rm -rf "$CLI_DIR" && mv "$partial" "$CLI_DIR"
  CLI=$(find_cli) || die "@anthropic-ai/claude-code@$VERSION has no runnable claude binary for this platform in $CLI_DIR"
fi

# --- Brain, and throwaway projects with Brain's hooks; names are unique because the database outlives the run
"$ROOT/brain" up >"$WORK/brain-up.log" 2>&1 || { tail -n 30 "$WORK/brain-up.log" >&2; die "./brain up failed"; }
TOKEN=$(cat "$BRAIN_DATA_DIR/local-token")
RUN_ID=$(date +%s)-$RANDOM$RANDOM
mkdir -p "$WORK/home"

# make_project NAME: a git project $WORK/NAME whose app.py fails with KeyError: 'customer_ref', with Brain's hooks
make_project() {
  local dir=$WORK/$1
  mkdir -p "$dir"
  cat >"$dir/app.py" <<'EOF'
"""Prints the customer of an order; the order has no customer_ref, so it fails with a KeyError."""


def main():
    order = {"id": 42, "items": ["book"]}
    print("processing order", order["id"], flush=True)
    print("customer:", order["customer_ref"])


if __name__ == "__main__":
    main()
EOF
  git -C "$dir" init -q
  git -C "$dir" add app.py
  git -C "$dir" -c user.name=e2e -c user.email=e2e@example.com commit -qm "the shop app"
  git -C "$dir" remote add origin "https://user:secret@example.com/acme/$1.git"   # never contacted
  (cd "$dir" && "$ROOT/brain" hooks install) >"$WORK/hooks-install-$1.log" 2>&1 \
    || { cat "$WORK/hooks-install-$1.log" >&2; die "./brain hooks install failed in $1"; }
}
PROJECT=shop-$RUN_ID
PROJ=$WORK/$PROJECT
FIX_PROJECT=fix-$RUN_ID          # where a session fixes its own failure (g, i)
OTHER_PROJECT=other-$RUN_ID      # where the learned fix is offered (h)
NO_HELP_PROJECT=nohelp-$RUN_ID   # where an edit does not help (j)
for p in "$PROJECT" "$FIX_PROJECT" "$OTHER_PROJECT" "$NO_HELP_PROJECT"; do make_project "$p"; done
RUN_IN=$PROJ                     # the directory the next session runs in

# The CLI with a throwaway HOME, the stand-in on port $1 (0: none), and the hook script's token; variables of a
# surrounding Claude Code session (CLAUDE*, ANTHROPIC_*) are left out.
cli() {
  local port=$1 unset=() v
  shift
  for v in $(compgen -e); do
    if [[ $v == CLAUDE* || $v == ANTHROPIC_* ]]; then unset+=(-u "$v"); fi
  done
  (cd "$RUN_IN" && env "${unset[@]}" HOME="$WORK/home" ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=test \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 \
    BRAIN_TOKEN="$TOKEN" BRAIN_URL="$GATEWAY" timeout "$RUN_TIMEOUT" "$CLI" "$@")
}
cli 0 mcp add --transport http brain http://localhost:8080/mcp --header "Authorization: Bearer $TOKEN" >"$WORK/mcp-add.log" 2>&1 \
  || { cat "$WORK/mcp-add.log" >&2; die "claude mcp add failed"; }
mcp_list=$(cli 0 mcp list 2>&1) || true
grep -q '^brain: .*Connected' <<<"$mcp_list" || { printf '%s\n' "$mcp_list" >&2; die "claude mcp list does not show Brain's MCP server as Connected"; }

# --- helpers

# session NAME PROMPT [var=value ...]: one `claude -p` session against a fresh stand-in playing scenario NAME.
# Sets SESSION (NAME), SESSION_RC and SESSION_MS; the request log is $WORK/NAME.jsonl, the CLI's output $WORK/NAME.out.
session() {
  local port=""
  SESSION=$1 SESSION_RC=0
  : >"$WORK/$SESSION.jsonl"
  node "$HERE/messages-stand-in.mjs" serve "$HERE/scenarios.json" "$SESSION" "$WORK/$SESSION.jsonl" "${@:3}" \
    >"$WORK/$SESSION.stand-in" 2>&1 &
  STAND_IN_PID=$!
  for _ in $(seq 1 100); do
    port=$(sed -n 's/^listening //p' "$WORK/$SESSION.stand-in")
    if [ -n "$port" ] || ! kill -0 "$STAND_IN_PID" 2>/dev/null; then break; fi
    sleep 0.05
  done
  [ -n "$port" ] || die "the Messages API stand-in did not start: $(cat "$WORK/$SESSION.stand-in")"
  local start; start=$(date +%s%N)
  cli "$port" -p "$2" --allowedTools "Bash,Read,Edit,mcp__brain__*" >"$WORK/$SESSION.out" 2>&1 || SESSION_RC=$?
  SESSION_MS=$(( ($(date +%s%N) - start) / 1000000 ))
  kill "$STAND_IN_PID" 2>/dev/null || true
  wait "$STAND_IN_PID" 2>/dev/null || true
  STAND_IN_PID=""
}

fail() { REASON=$1; return 1; }

# The session's CLI exited 0 and printed the scenario's final answer.
completed() {
  local why="exited $SESSION_RC"
  [ "$SESSION_RC" -ne 124 ] || why="was stopped after $RUN_TIMEOUT s"
  [ "$SESSION_RC" -eq 0 ] || { fail "claude -p $why"; return; }
  grep -qF "$1" "$WORK/$SESSION.out" || fail "claude -p did not print the scenario's final answer '$1'"
}

# The "HEADER hook additional context: …" segments the model saw in this session (first: its first request only).
context() { node "$HERE/messages-stand-in.mjs" context "$WORK/$SESSION.jsonl" "$@"; }
tool_result() { node "$HERE/messages-stand-in.mjs" tool-result "$WORK/$SESSION.jsonl" "$1"; }
names() { grep -qE "(^|[^0-9])$2([^0-9]|$)" <<<"$1"; }   # TEXT ID: the id number stands alone in the text

# api METHOD PATH [BODY [CONTENT_TYPE]]: prints the gateway's answer; fails on anything but 2xx.
api() {
  local args=(-sS --max-time 10 -X "$1" -H "Authorization: Bearer $TOKEN" -w '\n%{http_code}') out
  [ $# -lt 3 ] || args+=(-H "Content-Type: ${4:-application/json}" --data-binary "$3")
  out=$(curl "${args[@]}" "$GATEWAY$2" 2>&1) || { printf '%s\n' "$out"; return 1; }
  printf '%s\n' "${out%$'\n'*}"
  [[ ${out##*$'\n'} == 2* ]]
}

# check WHAT FUNCTION: runs one check; on failure prints why, the session's requests, the CLI's output and the
# gateway's log tail.
check() {
  REASON="" SESSION=""
  if "$2"; then say "$1 ... ok"; passed=$((passed + 1)); return; fi
  say "$1 ... FAILED: $REASON"
  failed=$((failed + 1))
  if [ -n "$SESSION" ]; then
    echo "--- requests of session '$SESSION' ($WORK/$SESSION.jsonl) ---"
    node "$HERE/messages-stand-in.mjs" excerpt "$WORK/$SESSION.jsonl" | cut -c1-2000
    echo "--- claude -p output ($SESSION_MS ms, exit $SESSION_RC) ---"
    tail -n 20 "$WORK/$SESSION.out"
  fi
  echo "--- gateway log (last 30 lines of $BRAIN_DATA_DIR/logs/gateway.log) ---"
  tail -n 30 "$BRAIN_DATA_DIR/logs/gateway.log" 2>/dev/null || true
  echo "---"
}

# --- the checks
ERROR_ID="" BASE_MS=0
TITLE="Use order.get('customer_ref')"

failure_recorded() {
  local hits
  session failure "Run the shop app and tell me what fails."
  BASE_MS=$SESSION_MS
  completed "scenario failure: done" || return
  hits=$(api GET "/api/v1/errors?q=KeyError%20customer_ref&project=$PROJECT&project_only=true&limit=5") \
    || { fail "GET /api/v1/errors failed: $hits"; return; }
  ERROR_ID=$(node -e 'const [hits, p] = process.argv.slice(1);
    const hit = (JSON.parse(hits).results || []).find((r) => r.project === p && r.error_type === "KeyError");
    if (hit) console.log(hit.error_id);' "$hits" "$PROJECT")
  [ -n "$ERROR_ID" ] || fail "no KeyError of project $PROJECT in GET /api/v1/errors?q=KeyError customer_ref: $hits"
}

digest_at_session_start() {
  local ctx
  [ -n "$ERROR_ID" ] || { fail "no error id (the failure was not recorded)"; return; }
  session digest "What should I know before working on this project?"
  completed "scenario digest: done" || return
  ctx=$(context SessionStart first)
  [ -n "$ctx" ] || { fail "the session's first request carries no 'SessionStart hook additional context:'"; return; }
  names "$ctx" "#$ERROR_ID" && grep -qF KeyError <<<"$ctx" || fail "the SessionStart context does not name #$ERROR_ID and KeyError: $ctx"
}

solution_comes_back() {
  local answer ctx
  [ -n "$ERROR_ID" ] || { fail "no error id (the failure was not recorded)"; return; }
  answer=$(api POST "/api/v1/errors/$ERROR_ID/solutions" "{\"title\":\"$TITLE\",\"steps\":[\"Replace order['customer_ref'] with order.get('customer_ref')\"],\"project\":\"$PROJECT\"}") \
    || { fail "POST /api/v1/errors/$ERROR_ID/solutions failed: $answer"; return; }
  session solution "Run the shop app again."
  completed "scenario solution: done" || return
  ctx=$(context PostToolUseFailure:Bash)
  [ -n "$ctx" ] || { fail "no 'PostToolUseFailure:Bash hook additional context:' after the failing command"; return; }
  grep -qF "$TITLE" <<<"$ctx" && names "$ctx" "#$ERROR_ID" || fail "the failure hint does not name #$ERROR_ID and \"$TITLE\": $ctx"
}

prevention_warning() {
  local command="rm -rf node_modules" key now rule answer export rule_id ctx
  key=$(printf '%s' "$PROJECT node_modules rule" | sha256sum | cut -d' ' -f1)
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  # one active rule of this project (project_id: any id of the file binds it to the import's project)
  rule="{\"kind\":\"rule\",\"id\":1,\"project_id\":1,\"dedup_key\":\"$key\",\"name\":\"Do not delete node_modules by hand\",\
\"description\":\"a hand-deleted node_modules broke the lockfile\",\"error_type\":\"DependencyError\",\"required_tokens\":[],\
\"file_extensions\":[],\"commands\":[\"$command\"],\"action\":{\"type\":\"warn\",\"message\":\"run npm ci instead\",\"solution_ids\":[]},\
\"rule_type\":\"warning\",\"base_successes\":3,\"base_total\":3,\"confidence\":0.9,\"active\":true,\"source_error_ids\":[],\
\"last_evidence_at\":\"$now\",\"created_at\":\"$now\",\"updated_at\":\"$now\"}"
  answer=$(api POST "/api/v1/errors/import?project=$PROJECT" "{\"kind\":\"header\",\"format\":\"brain-errors\",\"version\":1}
$rule" application/x-ndjson) || { fail "POST /api/v1/errors/import failed: $answer"; return; }
  export=$(api GET "/api/v1/errors/export?project=$PROJECT") || { fail "GET /api/v1/errors/export failed: $export"; return; }
  rule_id=$(node -e 'const [jsonl, key] = process.argv.slice(1);
    const rule = jsonl.split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((r) => r.kind === "rule" && r.dedup_key === key);
    if (rule) console.log(rule.id);' "$export" "$key")
  [ -n "$rule_id" ] || { fail "the imported rule is not in the project's export (import answered: $answer)"; return; }
  mkdir -p "$PROJ/node_modules/left-pad"
  session warning "Clean out the dependencies." command="$command"
  completed "scenario warning: done" || return
  ctx=$(context PreToolUse:Bash)
  [ -n "$ctx" ] || { fail "no 'PreToolUse:Bash hook additional context:' for '$command' (rule $rule_id)"; return; }
  grep -qiE "rule[^0-9]{0,4}$rule_id([^0-9]|$)" <<<"$ctx" || fail "the PreToolUse warning does not name rule $rule_id: $ctx"
}

mcp_tool_answers() {
  local loaded result
  [ -n "$ERROR_ID" ] || { fail "no error id (the failure was not recorded)"; return; }
  session mcp "Look up the KeyError in Brain." project="$PROJECT"
  completed "scenario mcp: done" || return
  loaded=$(tool_result ToolSearch)
  grep -qF tool_reference:mcp__brain__brain_query_error <<<"$loaded" \
    || { fail "ToolSearch did not load mcp__brain__brain_query_error: $loaded"; return; }
  result=$(tool_result mcp__brain__brain_query_error)
  grep -qE "(error_id\"?: ?|#)$ERROR_ID([^0-9]|$)" <<<"$result" || fail "the tool_result of brain_query_error does not name error $ERROR_ID: $result"
}

# project_error PROJECT: prints the id of PROJECT's KeyError (REST search), or fails.
project_error() {
  local hits id
  hits=$(api GET "/api/v1/errors?q=KeyError%20customer_ref&project=$1&project_only=true&limit=5") \
    || { fail "GET /api/v1/errors failed: $hits"; return 1; }
  id=$(node -e 'const [hits, p] = process.argv.slice(1);
    const hit = (JSON.parse(hits).results || []).find((r) => r.project === p && r.error_type === "KeyError");
    if (hit) console.log(hit.error_id);' "$hits" "$1")
  [ -n "$id" ] || { fail "no KeyError of project $1: $hits"; return 1; }
  printf '%s\n' "$id"
}

# json_field JSON EXPRESSION: the value of a JavaScript expression over the parsed JSON `j`.
json_field() { node -e 'const j = JSON.parse(process.argv[1]); const v = eval(process.argv[2]); if (v !== undefined) console.log(v);' "$1" "$2"; }

# in_project PROJECT SCENARIO PROMPT: one session of SCENARIO in project PROJECT, its app.py as {{file}}.
in_project() {
  RUN_IN=$WORK/$1
  session "$2" "$3" file="$RUN_IN/app.py"
  RUN_IN=$PROJ
}

FIX_ERROR_ID="" FIX_SOLUTION_ID="" FIX_TITLE=""
fix_is_learned() {
  local error ctx
  in_project "$FIX_PROJECT" fix "Run the shop app and fix what fails."
  completed "scenario fix: done" || return
  FIX_ERROR_ID=$(project_error "$FIX_PROJECT") || return
  error=$(api GET "/api/v1/errors/$FIX_ERROR_ID") || { fail "GET /api/v1/errors/$FIX_ERROR_ID failed: $error"; return; }
  [ "$(json_field "$error" 'j.solutions.length && j.solutions[0].source')" = observed ] \
    || { fail "error $FIX_ERROR_ID has no observed solution: $error"; return; }
  json_field "$error" 'j.solutions[0].diff' | grep -qF '+    print("customer:", order.get("customer_ref"))' \
    || { fail "the observed solution does not carry the diff of the edit: $error"; return; }
  FIX_SOLUTION_ID=$(json_field "$error" 'j.solutions[0].solution_id')
  FIX_TITLE=$(json_field "$error" 'j.solutions[0].title')
  ctx=$(context PostToolUse:Bash)
  grep -qF "learned the fix of error #$FIX_ERROR_ID" <<<"$ctx" \
    || fail "the successful run's hook context does not say the fix was learned: $ctx"
}

learned_fix_offered_elsewhere() {
  local ctx
  [ -n "$FIX_SOLUTION_ID" ] || { fail "no learned solution (check g failed)"; return; }
  in_project "$OTHER_PROJECT" failure "Run the shop app and tell me what fails."
  completed "scenario failure: done" || return
  ctx=$(context PostToolUseFailure:Bash)
  names "$ctx" "#$FIX_SOLUTION_ID" && grep -qF "$FIX_TITLE" <<<"$ctx" \
    || fail "the failure hint in another project does not name solution #$FIX_SOLUTION_ID \"$FIX_TITLE\": $ctx"
}

offered_fix_counts_a_success() {
  local error successes
  [ -n "$FIX_SOLUTION_ID" ] || { fail "no learned solution (check g failed)"; return; }
  git -C "$WORK/$FIX_PROJECT" checkout -q app.py   # the failure again
  in_project "$FIX_PROJECT" fix "Run the shop app and fix what fails."
  completed "scenario fix: done" || return
  error=$(api GET "/api/v1/errors/$FIX_ERROR_ID") || { fail "GET /api/v1/errors/$FIX_ERROR_ID failed: $error"; return; }
  successes=$(json_field "$error" "(j.solutions.find((s) => s.solution_id === $FIX_SOLUTION_ID) || {}).successes")
  [ "$successes" = 2 ] || { fail "solution #$FIX_SOLUTION_ID has ${successes:-no} successes, not 2: $error"; return; }
  [ "$(json_field "$error" 'j.solutions.length')" = 1 ] || fail "the same fix made another solution: $error"
}

edit_that_does_not_help() {
  local ctx
  in_project "$NO_HELP_PROJECT" no-help "Run the shop app and fix what fails."
  completed "scenario no-help: done" || return
  ctx=$(context PostToolUseFailure:Bash)
  grep -qE 'tried: app\.py:[0-9]+: print\("processing order", .* — still failing' <<<"$ctx" \
    || fail "the second failure's hint does not say the edit was tried and is still failing: $ctx"
}

brain_down() {
  "$ROOT/brain" down >"$WORK/brain-down.log" 2>&1 || { fail "./brain down failed: $(cat "$WORK/brain-down.log")"; return; }
  session brain-down "Run the shop app."
  completed "scenario brain-down: done" || return
  ! grep -q "hook additional context" "$WORK/$SESSION.jsonl" || { fail "a request carries hook context while Brain is down"; return; }
  [ "$SESSION_MS" -le $((BASE_MS + HOOK_WAIT_MS)) ] \
    || fail "the session took $SESSION_MS ms, more than $BASE_MS ms (with Brain up) + $HOOK_WAIT_MS ms of hook time-outs"
}

check "a. a failing command is recorded as an error of the project" failure_recorded
check "b. a new session starts with the digest naming the error" digest_at_session_start
check "g. a session's own fix is learned from its hooks, with the diff" fix_is_learned
check "h. another project's failure hint names the learned fix" learned_fix_offered_elsewhere
check "i. the offered fix applied and the command succeeding counts one more success" offered_fix_counts_a_success
check "j. an edit after which the command still fails is named as tried" edit_that_does_not_help
check "c. the failure hint names the recorded solution" solution_comes_back
check "d. a command matching a prevention rule is warned about" prevention_warning
check "e. the model calls brain_query_error over MCP" mcp_tool_answers
check "f. with Brain down a session completes without hook context" brain_down
say "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
