# shellcheck shell=bash
# shellcheck disable=SC2016,SC2015  # jq programs are single-quoted on purpose; a && b || usage is intended
# The brain command's commands for people (gateway.md §4): a thin layer over the gateway's REST API, sourced by
# ./brain. Needs curl (HTTP) and jq (JSON); no JVM starts.
#
# Conventions every command follows:
#   - text by default (aligned; colour only when stdout is a terminal and NO_COLOR is unset), --json prints the
#     REST answer unchanged;
#   - exit 0 found, 1 nothing found, 2 usage error (also a refused token or input the gateway refuses),
#     3 Brain unreachable (no answer, or a service down: 5xx) — every non-zero exit with one line on stderr;
#   - the token: $BRAIN_TOKEN, else the local token of ./brain up ($BRAIN_DATA_DIR/local-token);
#   - the gateway: $BRAIN_URL, else http://127.0.0.1:$BRAIN_GATEWAY_PORT (8080);
#   - the project: --project P, else the current directory's as the hooks name it (scripts/lib/project.sh),
#     else none (the gateway then takes the token's default project).
# Uses from ./brain: ROOT, TOKEN_FILE, GATEWAY_PORT.

# shellcheck source=project.sh
source "$ROOT/scripts/lib/project.sh"

CLI_JSON=0          # --json
CLI_PROJECT=""      # --project, or the directory's project (cli_project)
CLI_PROJECT_SET=0   # 1 when --project was given
CLI_CMD=""          # the command, for messages
API_STATUS=""       # the last answer's HTTP status
API_BODY=""         # the last answer's body
CLI_TMP=""          # a temporary file or directory, removed at exit

cli_usage() { printf 'brain: %s: %s\n' "$CLI_CMD" "$*" >&2; printf "brain: see 'brain help %s'\n" "$CLI_CMD" >&2; exit 2; }
cli_nothing() { printf 'brain: %s\n' "$*" >&2; exit 1; }
cli_unreachable() { printf 'brain: %s\n' "$*" >&2; exit 3; }

CLI_URL=${BRAIN_URL:-http://127.0.0.1:$GATEWAY_PORT}
CLI_URL=${CLI_URL%/}

cli_requirements() {
  command -v curl >/dev/null 2>&1 || { printf 'brain: %s needs curl (apt-get install curl)\n' "$CLI_CMD" >&2; exit 2; }
  command -v jq >/dev/null 2>&1 || { printf 'brain: %s needs jq (apt-get install jq)\n' "$CLI_CMD" >&2; exit 2; }
}

# (variables, not command substitutions: every fork costs on a busy machine, and a command's time is mostly forks)
cli_token() { # → CLI_TOKEN
  CLI_TOKEN=${BRAIN_TOKEN:-}
  if [ -n "$CLI_TOKEN" ]; then return; fi
  if [ -r "$TOKEN_FILE" ]; then IFS= read -r CLI_TOKEN <"$TOKEN_FILE" || true; fi
  CLI_TOKEN=${CLI_TOKEN//[[:space:]]/}
  if [ -n "$CLI_TOKEN" ]; then return; fi
  printf 'brain: %s: no token: set BRAIN_TOKEN, or run ./brain up for the local token (%s)\n' "$CLI_CMD" "$TOKEN_FILE" >&2
  exit 2
}

# The project of this call: --project, else the current directory's (git top-level name; every worktree → the
# main worktree's), else empty (the gateway takes the token's project).
cli_project() {
  if [ "$CLI_PROJECT_SET" -eq 1 ]; then return; fi
  if [ -z "${BRAIN_HOOKS_PROJECTS:-}" ]; then brain_project_of "$PWD" name-only; CLI_PROJECT=$BRAIN_PROJECT_NAME; return; fi
  brain_project_of "$PWD"
  CLI_PROJECT=$BRAIN_PROJECT_NAME
  cli_mapped "$PWD" "$BRAIN_PROJECT_REPO"
}

# The gateway's project mapping brain.hooks.projects, when this shell has it too as BRAIN_HOOKS_PROJECTS
# (KEY=PROJECT,...; KEY a repository URL or an absolute path prefix; the longest matching key wins), applied as the
# gateway applies it to a hook call (HookProjects): a match replaces CLI_PROJECT.
cli_mapped() { # cwd, normalised origin URL
  local cwd=$1 repo=${2,,} entry key value best="" best_length=-1 k
  local IFS=,
  for entry in $BRAIN_HOOKS_PROJECTS; do
    [[ $entry == ?*=* ]] || continue
    key=${entry%=*} value=${entry##*=}
    key=${key#"${key%%[![:space:]]*}"}; key=${key%"${key##*[![:space:]]}"}
    value=${value#"${value%%[![:space:]]*}"}; value=${value%"${value##*[![:space:]]}"}
    if [[ $key == /* ]]; then
      k=$key; while [[ $k == */ ]]; do k=${k%/}; done
      [[ $cwd == "$k" || $cwd == "$k"/* ]] || continue
    else
      brain_normalize_repo "$key"
      [ -n "$repo" ] && [ "${BRAIN_REPO_NORMAL,,}" = "$repo" ] || continue
    fi
    if [ "${#key}" -gt "$best_length" ]; then best=$value best_length=${#key}; fi
  done
  best=${best//[^A-Za-z0-9._-]/-}
  while [ -n "$best" ] && [[ $best != [A-Za-z0-9]* ]]; do best=${best:1}; done
  if [ -n "$best" ]; then CLI_PROJECT=${best:0:128}; fi
}

# One option every API command takes; returns 1 when $1 is not one. Sets CLI_SHIFT to the words it used.
cli_common_option() {
  case $1 in
    --json) CLI_JSON=1; CLI_SHIFT=1 ;;
    --project)
      [ $# -ge 2 ] && [ -n "$2" ] || cli_usage "--project needs a name"
      [[ $2 =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$ ]] || cli_usage "--project: '$2' is not a project name (letters, digits, '.', '_', '-')"
      CLI_PROJECT=$2 CLI_PROJECT_SET=1 CLI_SHIFT=2 ;;
    *) return 1 ;;
  esac
}

cli_value() { # option, remaining argument count, value → the value, or a usage error
  [ "$2" -ge 2 ] && [ -n "$3" ] || cli_usage "$1 needs a value"
  printf '%s' "$3"
}

cli_number() { # option, value, regex description
  [[ $2 =~ ^[0-9]+$ ]] || cli_usage "$1: '$2' is not a whole number"
}

# api METHOD PATH [curl arguments...]: one REST call; sets API_STATUS and API_BODY. No answer → exit 3.
api() {
  local method=$1 path=$2 out rc
  shift 2
  cli_token
  out=$(curl -sS --connect-timeout "${BRAIN_CONNECT_TIMEOUT:-3}" --max-time "${BRAIN_TIMEOUT:-30}" -X "$method" \
    -H "Authorization: Bearer $CLI_TOKEN" -H "Accept: ${API_ACCEPT:-application/json}" -w '\n%{http_code}' "$@" \
    "$CLI_URL$path" 2>&1) && rc=0 || rc=$?
  if [ "$rc" -ne 0 ]; then
    out=${out##*curl: }
    cli_unreachable "$CLI_CMD: Brain is not reachable at $CLI_URL (curl: ${out%%$'\n'*}); is it up? (./brain up, or set BRAIN_URL)"
  fi
  API_STATUS=${out##*$'\n'}
  API_BODY=${out%$'\n'*}
  cli_check
}

# A non-2xx answer → its one-line message and exit code.
cli_check() {
  case $API_STATUS in
    2??) return 0 ;;
  esac
  local message
  message=$(jq -r '.error // .message // empty' 2>/dev/null <<<"$API_BODY" | head -n 1) || message=""
  [ -n "$message" ] || message=$(printf '%s' "$API_BODY" | head -c 200 | tr '\n' ' ')
  case $API_STATUS in
    404) cli_nothing "$CLI_CMD: ${message:-not found}" ;;
    401) printf 'brain: %s: the gateway refused the token (401): set BRAIN_TOKEN to a valid token\n' "$CLI_CMD" >&2; exit 2 ;;
    403) printf 'brain: %s: not allowed with this token (403)%s\n' "$CLI_CMD" "${message:+: $message}" >&2; exit 2 ;;
    4??) printf 'brain: %s: %s\n' "$CLI_CMD" "${message:-the gateway refused the request ($API_STATUS)}" >&2; exit 2 ;;
    000) cli_unreachable "$CLI_CMD: no answer from $CLI_URL" ;;
    *) cli_unreachable "$CLI_CMD: Brain answered $API_STATUS${message:+: $message}" ;;
  esac
}

# true when text output gets colour: stdout is a terminal, NO_COLOR unset or empty, TERM not dumb
CLI_COLOR=false
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${TERM:-}" != dumb ]; then CLI_COLOR=true; fi

cli_print_text() { # the answer's body as it came, with one final newline
  local body=$API_BODY
  while [[ $body == *$'\n' ]]; do body=${body%$'\n'}; done
  printf '%s\n' "$body"
}

# Helpers of every renderer: c(code) colours, pad/lpad align, cut shortens, one flattens, f2 two decimals.
CLI_JQ_LIB='
def c(code): if $c then "\u001b[" + code + "m" + . + "\u001b[0m" else . end;
def pad(n): tostring | if length >= n then . else . + (" " * (n - length)) end;
def lpad(n): tostring | if length >= n then . else (" " * (n - length)) + . end;
def one: tostring | gsub("[\\r\\n\\t]+"; " ");
def cut(n): one | if length > n then .[0:n-1] + "…" else . end;
def f2: if . == null then "-" else (. * 100 | round) as $h | ($h / 100 | floor | tostring) + "." + ($h % 100 | tostring | lpad(2) | gsub(" "; "0")) end;
def width(f): (map(f | tostring | length) | max) // 0;
def solution(indent): indent + ("✓" | c("32")) + " #" + (.solution_id | tostring) + " " + (.title | one | c("1"))
  + "  (" + (if .source == "observed" then "observed in a session, " else "" end) + "confidence " + (.confidence | f2)
  + ", worked " + (.successes | tostring) + (if (.observed_successes // 0) > 0 then " (" + (.observed_successes | tostring) + " seen)" else "" end)
  + ", failed " + (.failures | tostring) + ")",
  (if (.description // "") != "" then indent + "  " + (.description | cut(160)) else empty end),
  ((.steps // []) | to_entries[] | indent + "  " + ((.key + 1) | tostring) + ". " + (.value | cut(160)));
def attempt(indent): indent + ("✗" | c("31")) + " tried: " + (.description | cut(120))
  + (if (.reason // "") == "" then "" elif .source == "observed" then " — " + (.reason | cut(120)) + " (observed)"
     else " — failed because " + (.reason | cut(120)) end);
def lift: if . == null then "? (error-service down)" elif (.offered.failures + .not_offered.failures) == 0 then "no observed failures of a known error yet"
  else [(.offered, .not_offered) | if .failures == 0 then "no failures" else (.failures | tostring) + " failures, came back "
    + (.recurred | tostring) + "× (" + (.recurrence_rate * 100 | round | tostring) + " %)"
    + (if .succeeded > 0 then ", fixed " + (.succeeded | tostring) + "× after " + ((.median_ms_to_success / 1000) | round | tostring) + " s (median)" else "" end) end]
    | "with a fix offered " + .[0] + "; without " + .[1] end;
def state: if .resolved then ("resolved" | c("32")) else ("unresolved" | c("33")) end;
'

# cli_call METHOD PATH [curl arguments...]: the REST call cli_render makes (api's arguments).
CLI_CALL=()
cli_call() { CLI_CALL=("$@"); }

# cli_render FOUND NOTHING RENDER: makes the call of cli_call and prints the answer (JSON unchanged with --json, else
# RENDER's text); exits 0 when the jq filter FOUND is true, else 1 with NOTHING's one line, or as cli_check says for a
# non-2xx answer. curl's output is piped into jq, so jq starts (jq 1.6 compiles its builtins for ~25 ms) while the
# gateway answers rather than after it: a third of `brain query`'s time. jq reads the answer raw (-Rs): its last line
# is the HTTP status (curl -w), and an answer that is not 2xx comes back as a line "\u0001STATUS" and the body.
cli_render() {
  local found=$1 nothing=$2 render=$3 method=${CLI_CALL[0]} path=${CLI_CALL[1]} color=$CLI_COLOR out rc head
  cli_token
  if [ "$CLI_JSON" -eq 1 ]; then render='$raw' color=false; fi
  out=$(curl -sS --connect-timeout "${BRAIN_CONNECT_TIMEOUT:-3}" --max-time "${BRAIN_TIMEOUT:-30}" -X "$method" \
    -H "Authorization: Bearer $CLI_TOKEN" -H "Accept: application/json" -w '\n%{http_code}' "${CLI_CALL[@]:2}" \
    "$CLI_URL$path" 2>&1 | jq -rRs --argjson c "$color" "$CLI_JQ_LIB
      split(\"\\n\") | .[-1] as \$status | (.[:-1] | join(\"\\n\")) as \$raw
      | if \$status | test(\"^2[0-9][0-9]\$\") then \$raw | fromjson | (if ($found) then \"found\" else ($nothing) end), ($render)
        else \"\\u0001\" + \$status, \$raw end") && rc=0 || rc=$?
  head=${out%%$'\n'*}
  if [[ $head == $'\001'* ]]; then
    API_BODY=${out#*$'\n'}
    if [ "$rc" -ne 0 ]; then
      out=${API_BODY##*curl: }
      cli_unreachable "$CLI_CMD: Brain is not reachable at $CLI_URL (curl: ${out%%$'\n'*}); is it up? (./brain up, or set BRAIN_URL)"
    fi
    API_STATUS=${head#$'\001'}
    cli_check
  fi
  [ "$rc" -eq 0 ] || cli_unreachable "$CLI_CMD: the gateway's answer was not the JSON expected"
  if [ "$CLI_JSON" -eq 1 ]; then printf '%s\n' "${out#*$'\n'}"
  elif [ "$head" = found ] && [ "$head" != "$out" ]; then printf '%s\n' "${out#*$'\n'}"; fi
  [ "$head" = found ] || cli_nothing "$CLI_CMD: $head"
  exit 0
}

cli_node() { # TYPE:ID → "TYPE ID", or a usage error
  [[ $2 =~ ^([a-z_]+):([0-9]+)$ ]] || cli_usage "$1: '$2' is not a node (TYPE:ID, e.g. error:42; types error, solution, module, rule, antipattern, insight, memory, ...)"
  printf '%s %s' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
}

# ---- the commands ----

cmd_query() {
  local text="" all=0 limit=10
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --all-projects) all=1; shift ;;
      --limit) limit=$(cli_value "$1" $# "${2:-}"); cli_number --limit "$limit"; shift 2 ;;
      -*) cli_usage "unknown option '$1'" ;;
      *) [ -z "$text" ] || cli_usage "one TEXT only (quote it)"; text=$1; shift ;;
    esac
  done
  [ -n "$text" ] || cli_usage "what to look for is missing: brain query \"error message\""
  cli_project
  local args=(--data-urlencode "q=$text" --data-urlencode "limit=$limit")
  if [ "$all" -eq 0 ] && [ -n "$CLI_PROJECT" ]; then args+=(--data-urlencode "project_only=true"); fi
  [ -z "$CLI_PROJECT" ] || args+=(--data-urlencode "project=$CLI_PROJECT")
  cli_call GET /api/v1/errors -G "${args[@]}"
  cli_render '(.results | length) > 0' '"nothing matches: " + (.searched // "no results")' '
    .results as $r | ($r | width("#" + (.error_id | tostring))) as $w | ($r | width(.project // "")) as $p
    | $r[] | (("#" + (.error_id | tostring) | pad($w) | c("1")) + "  " + (.score | f2) + "  " + (.project // "" | pad($p))
        + "  " + ((if (.error_type // "") != "" then .error_type + ": " else "" end) + .message | cut(100))
        + "  " + (.occurrences | tostring) + "× · " + state),
      (.solutions[]? | solution("    ")), (.attempts[]? | attempt("    "))'
}

cmd_errors() {
  local filter=unresolved limit=20
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --unresolved|--recurring|--recent) filter=${1#--}; shift ;;
      --limit) limit=$(cli_value "$1" $# "${2:-}"); cli_number --limit "$limit"; shift 2 ;;
      *) cli_usage "unknown argument '$1'" ;;
    esac
  done
  cli_project
  local args=(--data-urlencode "filter=$filter" --data-urlencode "limit=$limit")
  [ -z "$CLI_PROJECT" ] || args+=(--data-urlencode "project=$CLI_PROJECT")
  cli_call GET /api/v1/errors -G "${args[@]}"
  cli_render '(.errors | length) > 0' '"no " + .filter + " errors in project " + (.project // "?")' '
    .errors as $e | ($e | width("#" + (.error_id | tostring))) as $w | ($e | width(.occurrences)) as $o
    | ("ID" | pad($w)) + "  " + ("N" | lpad([$o, 1] | max)) + "  " + ("LAST SEEN" | pad(20)) + "  " + ("STATE" | pad(10)) + "  MESSAGE",
      ($e[] | ("#" + (.error_id | tostring) | pad($w) | c("1")) + "  " + (.occurrences | lpad([$o, 1] | max)) + "  "
        + ((.last_seen // "") | .[0:19] + (if length > 0 then "Z" else "" end) | pad(20)) + "  "
        + (if .resolved then ("resolved" | pad(10) | c("32")) else ("unresolved" | pad(10) | c("33")) end) + "  "
        + ((if (.error_type // "") != "" then .error_type + ": " else "" end) + .message | cut(90))
        + (if .best_solution then "\n" + (" " * ($w + 2)) + ("✓" | c("32")) + " #" + (.best_solution.solution_id | tostring)
            + " " + (.best_solution.title | cut(80)) + " (" + (.best_solution.confidence | f2) + ")" else "" end))'
}

cmd_error() {
  local id=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      -*) cli_usage "unknown option '$1'" ;;
      *) [ -z "$id" ] || cli_usage "one ID only"; id=${1#\#}; shift ;;
    esac
  done
  [ -n "$id" ] || cli_usage "which error? brain error ID"
  [[ $id =~ ^[0-9]+$ ]] || cli_usage "ID: '$id' is not an error id (a number)"
  cli_call GET "/api/v1/errors/$id"
  cli_render 'true' '""' '
    def row(k; v): if (v // "") == "" then empty else (k | pad(12) | c("2")) + (v | tostring) end;
    ("error #" + (.error_id | tostring) | c("1")) + "  " + state + (if .not_an_error then " · not an error" else "" end),
    row("type"; .error_type), row("message"; .message | cut(300)), row("language"; .language), row("project"; .project),
    row("seen"; (.occurrences | tostring) + "× · first " + (.first_seen_at // "?") + " · last " + (.last_seen_at // "?")),
    row("command"; .command | cut(200)), row("directory"; .working_directory), row("fingerprint"; .fingerprint),
    (if (.solutions | length) > 0 then "solutions (" + (.solutions | length | tostring) + "):", (.solutions[] | solution("  "),
      (if (.diff // "") != "" then "    diff:", (.diff | split("\n") | .[0:40][] | "      " + .) else empty end)) else "no solutions yet" end),
    (if (.attempts | length) > 0 then "failed attempts (" + (.attempts | length | tostring) + "):", (.attempts[] | attempt("  ")) else empty end),
    (if ((.chain.before // []) | length) > 0 then "came after:", (.chain.before[] | "  #" + (.error_id | tostring) + " " + (.error_type // "") + " " + (.message_template // "" | cut(100))) else empty end),
    (if ((.chain.after // []) | length) > 0 then "came before:", (.chain.after[] | "  #" + (.error_id | tostring) + " " + (.error_type // "") + " " + (.message_template // "" | cut(100))) else empty end),
    (if (.raw_output // "") != "" then "output:", (.raw_output | split("\n") | .[0:30][] | "  " + .) else empty end)'
}

cmd_solve() {
  local id="" title="" description="" diff_file="" steps=()
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --step) steps+=("$(cli_value "$1" $# "${2:-}")"); shift 2 ;;
      --description) description=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      --diff) diff_file=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      -*) cli_usage "unknown option '$1'" ;;
      *) if [ -z "$id" ]; then id=${1#\#}; elif [ -z "$title" ]; then title=$1; else cli_usage "unexpected '$1' (quote the title)"; fi; shift ;;
    esac
  done
  [ -n "$id" ] && [ -n "$title" ] || cli_usage "brain solve ID \"title\" [--step TEXT]... [--description TEXT] [--diff FILE]"
  [[ $id =~ ^[0-9]+$ ]] || cli_usage "ID: '$id' is not an error id (a number)"
  local diff=""
  if [ -n "$diff_file" ]; then
    if [ "$diff_file" = - ]; then diff=$(cat); else [ -r "$diff_file" ] || cli_usage "--diff: cannot read '$diff_file'"; diff=$(cat "$diff_file"); fi
  fi
  cli_project
  local body
  body=$(jq -nc --arg title "$title" --arg description "$description" --arg diff "$diff" --arg project "$CLI_PROJECT" \
    '{title: $title, steps: $ARGS.positional} + (if $description != "" then {description: $description} else {} end)
     + (if $diff != "" then {diff: $diff} else {} end) + (if $project != "" then {project: $project} else {} end)' \
    --args "${steps[@]}")
  cli_call POST "/api/v1/errors/$id/solutions" -H 'Content-Type: application/json' --data-binary "$body"
  cli_render 'true' '""' '"solution #" + (.solution_id | tostring) + " recorded for error #" + (.error_id | tostring)
    + " (confidence " + (.confidence | f2) + ")"
    + (if ((.cross_project_error_ids // []) | length) > 0 then "; also linked to errors " + (.cross_project_error_ids | map("#" + tostring) | join(", ")) else "" end)'
}

cmd_forget() {
  local kind="" id="" reason=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --reason) reason=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      -*) cli_usage "unknown option '$1'" ;;
      *) if [ -z "$kind" ]; then kind=$1; elif [ -z "$id" ]; then id=${1#\#}; else cli_usage "unexpected '$1'"; fi; shift ;;
    esac
  done
  case $kind in error|solution|attempt) ;; *) cli_usage "brain forget error|solution|attempt ID [--reason TEXT]" ;; esac
  [[ $id =~ ^[0-9]+$ ]] || cli_usage "ID: '$id' is not a $kind id (a number)"
  local args=()
  [ -z "$reason" ] || args=(-G --data-urlencode "reason=$reason")
  cli_call DELETE "/api/v1/${kind}s/$id" "${args[@]}"
  cli_render 'true' '""' '"forgot " + .kind + " #" + (.id | tostring)
    + (if ((.deleted // {}) | length) > 0 then " (deleted: " + (.deleted | to_entries | map(.key + " " + (.value | tostring)) | join(", ")) + ")" else "" end)'
}

cmd_network() {
  local node="" depth=3
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --node) node=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      --depth) depth=$(cli_value "$1" $# "${2:-}"); cli_number --depth "$depth"; shift 2 ;;
      *) cli_usage "unknown argument '$1'" ;;
    esac
  done
  [ -n "$node" ] || cli_usage "which node? brain network --node TYPE:ID [--depth N]"
  local ref; ref=$(cli_node --node "$node")
  cli_call GET /api/v1/network/explore -G --data-urlencode "node_type=${ref% *}" --data-urlencode "node_id=${ref#* }" \
    --data-urlencode "max_depth=$depth"
  cli_render '(.nodes | map(select(.depth > 0)) | length) > 0' '"nothing connected to " + .start + " (" + (.searched // "no synapses") + ")"' '
    .nodes as $n | ($n | width(.type + ":" + (.id | tostring))) as $w
    | ("NODE" | pad($w)) + "  DEPTH  ACTIVATION  LABEL",
      ($n[] | (.type + ":" + (.id | tostring) | pad($w) | c("1")) + "  " + (.depth | tostring | lpad(5)) + "  "
        + (.activation | f2 | lpad(10)) + "  " + (.label // "" | cut(90)))'
}

cmd_path() {
  local from="" to=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      -*) cli_usage "unknown option '$1'" ;;
      *) if [ -z "$from" ]; then from=$1; elif [ -z "$to" ]; then to=$1; else cli_usage "two nodes only"; fi; shift ;;
    esac
  done
  [ -n "$from" ] && [ -n "$to" ] || cli_usage "brain path TYPE:ID TYPE:ID (e.g. brain path error:42 module:7)"
  local a b; a=$(cli_node FROM "$from"); b=$(cli_node TO "$to")
  cli_call GET /api/v1/network/connections -G --data-urlencode "from_type=${a% *}" --data-urlencode "from_id=${a#* }" \
    --data-urlencode "to_type=${b% *}" --data-urlencode "to_id=${b#* }"
  cli_render '.found' '"no path between " + .from + " and " + .to' '
    .hops as $h | ($h | width(.from)) as $f | ($h | width(.to)) as $t | ($h | width(.synapse_type)) as $s
    | (.from + " → " + .to | c("1")) + "  total weight " + (.total_weight | f2) + ", " + ($h | length | tostring) + " hop(s)",
      ($h[] | "  " + (.from | pad($f)) + " → " + (.to | pad($t)) + "  " + (.synapse_type | pad($s)) + "  " + (.weight | f2))'
}

cli_json_array() { jq -nc '$ARGS.positional' --args "$@"; }

cmd_remember() {
  local text="" salience=0.7 agent="" topics=() entities=()
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --salience) salience=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      --topic) topics+=("$(cli_value "$1" $# "${2:-}")"); shift 2 ;;
      --entity) entities+=("$(cli_value "$1" $# "${2:-}")"); shift 2 ;;
      --agent) agent=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      -*) cli_usage "unknown option '$1'" ;;
      *) [ -z "$text" ] || cli_usage "one TEXT only (quote it)"; text=$1; shift ;;
    esac
  done
  [ -n "$text" ] || cli_usage "what to remember is missing: brain remember \"TEXT\" [--salience S] [--topic T]... [--entity E]..."
  [[ $salience =~ ^(0(\.[0-9]+)?|1(\.0+)?|\.[0-9]+)$ ]] || cli_usage "--salience: '$salience' is not a number from 0 to 1"
  local body
  body=$(jq -nc --arg content "$text" --argjson salience "$(printf '%s' "$salience" | sed 's/^\./0./')" \
    --argjson topics "$(cli_json_array "${topics[@]}")" --argjson entities "$(cli_json_array "${entities[@]}")" \
    --arg agent "$agent" '{content: $content, salience: $salience, topics: $topics, entities: $entities}
      + (if $agent != "" then {agent: $agent} else {} end)')
  cli_call POST /api/v1/memory/remember -H 'Content-Type: application/json' --data-binary "$body"
  cli_render '.stored' '"not stored: " + (.reason // "below the salience threshold")' '
    "remembered as entry #" + (.entry_id | tostring) + " (salience " + (.salience | f2) + ")"
    + (if (.reason // "") != "" then ": " + .reason else "" end)'
}

cmd_recall() {
  local text="" hops="" limit="" agent=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --hops) hops=$(cli_value "$1" $# "${2:-}"); cli_number --hops "$hops"; shift 2 ;;
      --limit) limit=$(cli_value "$1" $# "${2:-}"); cli_number --limit "$limit"; shift 2 ;;
      --agent) agent=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      -*) cli_usage "unknown option '$1'" ;;
      *) [ -z "$text" ] || cli_usage "one QUESTION only (quote it)"; text=$1; shift ;;
    esac
  done
  [ -n "$text" ] || cli_usage "the question is missing: brain recall \"QUESTION\" [--hops N] [--limit N]"
  local body
  body=$(jq -nc --arg query "$text" --arg hops "$hops" --arg limit "$limit" --arg agent "$agent" \
    '{query: $query} + (if $hops != "" then {hops: ($hops | tonumber)} else {} end)
     + (if $limit != "" then {limit: ($limit | tonumber)} else {} end) + (if $agent != "" then {agent: $agent} else {} end)')
  cli_call POST /api/v1/memory/recall -H 'Content-Type: application/json' --data-binary "$body"
  cli_render '(.memories | length) > 0' '"nothing comes to mind for \"" + .query + "\""
      + (if ((.pending // []) | length) > 0 then " (" + (.pending | length | tostring) + " short-term entries close to it are not promoted yet)" else "" end)' '
    .memories[] | ((.rank | tostring) + "." | c("1")) + " " + (.content // "" | cut(200)) + "  "
      + ("(node " + (.node_id | tostring) + ", weight " + (.sort_weight | f2) + ")" | c("2"))'
}

# Export: JSON lines to stdout — the errors of the project (brain-errors) and/or the memory of the pair
# (brain-memory), each block starting with its header line, so import can tell them apart.
cmd_export() {
  local what=both agent=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --errors) what=errors; shift ;;
      --memory) what=memory; shift ;;
      --format) [ "$(cli_value "$1" $# "${2:-}")" = jsonl ] || cli_usage "--format: only jsonl"; shift 2 ;;
      --agent) agent=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      *) cli_usage "unknown argument '$1'" ;;
    esac
  done
  cli_project
  local tmp; tmp=$(mktemp); CLI_TMP=$tmp; trap 'rm -f "$CLI_TMP"' EXIT
  if [ "$what" != memory ]; then
    local args=()
    [ -z "$CLI_PROJECT" ] || args=(--data-urlencode "project=$CLI_PROJECT")
    API_ACCEPT="application/x-ndjson, application/json" api GET /api/v1/errors/export -G "${args[@]}"
    printf '%s\n' "${API_BODY%$'\n'}" >>"$tmp"
  fi
  if [ "$what" != errors ]; then
    # the pair's entries, nodes and edges; not the synapses: they are the tenant's network over the exporting
    # database's error and solution ids, which an import into another tenant re-keys
    local margs=(--data-urlencode "kinds=entries,nodes,edges")
    [ -z "$agent" ] || margs+=(--data-urlencode "agent=$agent")
    API_ACCEPT="application/x-ndjson, application/json" api GET /api/v1/memory/export -G "${margs[@]}"
    printf '%s\n' "${API_BODY%$'\n'}" >>"$tmp"
  fi
  cat "$tmp"
  printf 'brain: exported %s lines (%s%s)\n' "$(wc -l <"$tmp" | tr -d ' ')" \
    "$( [ "$what" = memory ] || printf 'errors of %s' "${CLI_PROJECT:-every project}")" \
    "$( [ "$what" = errors ] || printf '%smemory of agent %s' "$( [ "$what" = memory ] || printf ', ')" "${agent:-claude}")" >&2
}

# Import: each brain-errors block into its header's project (--project, else the header's, else this
# directory's), each brain-memory block into the pair (the token's tenant, --agent).
cmd_import() {
  local file="" conflict=fail agent=""
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    case $1 in
      --on-conflict) conflict=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      --agent) agent=$(cli_value "$1" $# "${2:-}"); shift 2 ;;
      -*) [ "$1" = - ] || cli_usage "unknown option '$1'"; file=-; shift ;;
      *) [ -z "$file" ] || cli_usage "one FILE only"; file=$1; shift ;;
    esac
  done
  [ -n "$file" ] || cli_usage "brain import FILE [--on-conflict fail|skip|replace] [--project P] [--agent A]"
  case $conflict in fail|skip|replace) ;; *) cli_usage "--on-conflict: '$conflict' is not one of fail, skip, replace" ;; esac
  [ "$file" = - ] || [ -r "$file" ] || cli_usage "cannot read '$file'"
  local dir; dir=$(mktemp -d); CLI_TMP=$dir; trap 'rm -rf "$CLI_TMP"' EXIT
  # split at header lines: block N → $dir/N.errors or $dir/N.memory
  if ! awk -v dir="$dir" '
      /^[[:space:]]*$/ { next }
      /^[[:space:]]*\{/ && /"kind"[[:space:]]*:[[:space:]]*"header"/ {
        n++; kind = /"format"[[:space:]]*:[[:space:]]*"brain-errors"/ ? "errors" : /"format"[[:space:]]*:[[:space:]]*"brain-memory"/ ? "memory" : ""
        if (kind == "") { print "line " NR ": a header of neither brain-errors nor brain-memory" > "/dev/stderr"; exit 1 }
        out = sprintf("%s/%03d.%s", dir, n, kind)
      }
      { if (out == "") { print "line " NR ": the file must start with a brain-errors or brain-memory header line" > "/dev/stderr"; exit 1 }
        print > out }' "$( [ "$file" = - ] && printf /dev/stdin || printf '%s' "$file")" 2>"$dir/problem"; then
    cli_usage "$file: $(head -n 1 "$dir/problem")"
  fi
  local blocks=("$dir"/*.errors "$dir"/*.memory) block answers=() project args
  [ -e "${blocks[0]}" ] || [ -e "${blocks[-1]}" ] || cli_nothing "$CLI_CMD: $file holds no data"
  cli_project
  for block in "${blocks[@]}"; do
    [ -e "$block" ] || continue
    [ "$(wc -c <"$block")" -le 2097152 ] || cli_usage "$file: a block is larger than one call takes (2 MiB); split it (errors by project)"
    if [[ $block == *.errors ]]; then
      project=$CLI_PROJECT
      if [ "$CLI_PROJECT_SET" -eq 0 ]; then
        project=$(head -n 1 "$block" | jq -r '.project // empty' 2>/dev/null) || project=""
        [ -n "$project" ] || project=$CLI_PROJECT
      fi
      args=(--data-urlencode "on_conflict=$conflict")
      [ -z "$project" ] || args+=(--data-urlencode "project=$project")
      api POST "/api/v1/errors/import?$(curl_query "${args[@]}")" -H 'Content-Type: application/x-ndjson' --data-binary "@$block"
    else
      # the agent: --agent, else the block's own (its first agent_id), else the gateway's default (claude)
      local block_agent=$agent
      if [ -z "$block_agent" ]; then
        block_agent=$(grep -m 1 -o '"agent_id"[[:space:]]*:[[:space:]]*"[^"]*"' "$block" | sed 's/.*"\([^"]*\)"$/\1/') || block_agent=""
      fi
      args=(--data-urlencode "on_conflict=$conflict")
      [ -z "$block_agent" ] || args+=(--data-urlencode "agent=$block_agent")
      api POST "/api/v1/memory/import?$(curl_query "${args[@]}")" -H 'Content-Type: application/x-ndjson' --data-binary "@$block"
    fi
    answers+=("$API_BODY")
  done
  if [ "$CLI_JSON" -eq 1 ]; then printf '%s\n' "${answers[@]}"; exit 0; fi
  printf '%s\n' "${answers[@]}" | jq -r --argjson c "$CLI_COLOR" "$CLI_JQ_LIB"'
    (if .project then "errors into project " + .project else "memory into agent " + .agent end | c("1")) + ": "
      + ((.counts // {}) | to_entries | map(select(.value > 0) | .key + " " + (.value | tostring)) | join(", ") | if . == "" then "nothing new" else . end),
    ((.errors // [])[] | "  problem: " + (if type == "object" then "line " + (.line | tostring) + ": " + .message else . end))'
}

curl_query() { # --data-urlencode k=v ... → an encoded query string (for POST calls whose body is the data)
  local out="" pair key value
  while [ $# -gt 0 ]; do
    pair=$2; shift 2
    key=${pair%%=*}; value=${pair#*=}
    out+="${out:+&}$key=$(jq -rn --arg v "$value" '$v | @uri')"
  done
  printf '%s' "$out"
}

# brain status: the services on this machine (when it runs them) and the seed's summary of the tenant.
cmd_cli_status() {
  while [ $# -gt 0 ]; do
    if cli_common_option "$@"; then shift "$CLI_SHIFT"; continue; fi
    cli_usage "unknown argument '$1'"
  done
  local local_services=0 svc
  if [ "$CLI_JSON" -eq 0 ] && [ -z "${BRAIN_URL:-}" ]; then
    for svc in "${SERVICES[@]}"; do [ -f "$PIDS/$svc.pid" ] && local_services=1; done
  fi
  if [ "$local_services" -eq 1 ]; then
    local pid state
    for svc in "${SERVICES[@]}"; do
      pid=$(running_pid "$svc")
      if [ -z "$pid" ]; then state="stopped"
      elif ready "$svc"; then state="ready (pid $pid, port $(port_of "$svc"))"
      else state="starting or not ready (pid $pid, port $(port_of "$svc"))"; fi
      printf '%-17s %s\n' "$svc" "$state"
    done
    echo
    if ! command -v curl >/dev/null 2>&1 || ! command -v jq >/dev/null 2>&1; then  # the gateway's own text, as before
      cli_token
      http_get "$GATEWAY_PORT" /api/v1/status "Authorization: Bearer $CLI_TOKEN" "Accept: text/plain" \
        || cli_unreachable "status: the gateway on port $GATEWAY_PORT did not answer (install curl and jq for the summary)"
      exit 0
    fi
  fi
  cli_requirements
  cli_project
  local args=()
  [ -z "$CLI_PROJECT" ] || args=(-G --data-urlencode "project=$CLI_PROJECT")
  cli_call GET /api/v1/status "${args[@]}"
  cli_render 'true' '""' '
    def cnt(s; k): if .services[s].up then (.services[s].counts[k] // 0 | tostring) else "? (" + s + "-service down)" end;
    def row(k; v): (k | pad(11) | c("2")) + v;
    row("tenant"; .tenant),
    row("sessions"; cnt("error"; "session")),
    row("errors"; cnt("error"; "error")),
    row("solutions"; cnt("error"; "solution")),
    row("modules"; cnt("error"; "code_module")),
    row("synapses"; if .network then (.network.synapses | tostring) + " between " + (.network.nodes | tostring) + " nodes (average weight " + (.network.avg_weight | f2) + ")" else "? (memory-service down)" end),
    row("memories"; cnt("memory"; "long_term_node") + " long-term, " + cnt("memory"; "short_term_entry") + " short-term"),
    row("insights"; cnt("research"; "insight")),
    row("fixes"; "tenant: " + (.lift | lift)),
    (if .project_lift then row(""; .project_lift.scope + ": " + (.project_lift | lift)) else empty end),
    row("research"; if .research_cycle then
        (if .research_cycle.last then "last cycle " + .research_cycle.last.status + " " + (.research_cycle.last.finished_at // .research_cycle.last.started_at // "") + " in " + (.research_cycle.last.duration_ms | tostring) + " ms" else "no cycle ran yet" end)
        + "; next " + (.research_cycle.next_at // "not scheduled") else "? (research-service down)" end),
    row("services"; .services | to_entries | map(.key + "-service: " + (if .value.up then ("up" | c("32")) else ("DOWN" | c("31")) + " (" + (.value.error // "" | cut(80)) + ")" end)) | join(" · "))'
}

# install-cli [DIR]: a link to this script in DIR (default ~/.local/bin); idempotent.
cmd_install_cli() {
  CLI_CMD=install-cli
  [ $# -le 1 ] || cli_usage "brain install-cli [DIR]"
  local dir=${1:-$HOME/.local/bin} link target=$ROOT/brain
  mkdir -p "$dir" || cli_usage "cannot create $dir"
  dir=$(cd "$dir" && pwd)
  link=$dir/brain
  if [ -L "$link" ] && [ "$(readlink "$link")" = "$target" ]; then
    say "brain is already linked: $link → $target"
  else
    [ ! -e "$link" ] || [ -L "$link" ] || cli_usage "$link exists and is not a link; move it away first"
    ln -sfn "$target" "$link"
    say "linked $link → $target"
  fi
  case ":$PATH:" in
    *":$dir:"*) ;;
    *) say "note: $dir is not on your PATH; add it, e.g. echo 'export PATH=\"$dir:\$PATH\"' >> ~/.bashrc" ;;
  esac
}

# help COMMAND: the command's usage from the header of ./brain (its lines, up to the next command).
cmd_help() {
  local name=${1:-}
  if [ -z "$name" ]; then sed -n '2,/^set -euo/{/^set/d;p;}' "$ROOT/brain" | sed 's/^# \{0,1\}//'; return 0; fi
  local text
  text=$(sed -n '2,/^set -euo/{/^set/d;p;}' "$ROOT/brain" | sed 's/^# \{0,1\}//' | awk -v name="$name" '
    /^  [a-z]/ { split($1, w, "|"); on = ($1 == name || w[1] == name) }
    /^[A-Z]/ { on = 0 }
    on { print }')
  [ -n "$text" ] || { printf "brain: help: no command '%s' (brain help lists them)\n" "$name" >&2; exit 2; }
  printf '%s\n' "$text"
}

# The dispatcher of the CLI commands: cli COMMAND ARGS...
cli() {
  CLI_CMD=$1; shift
  [ "$CLI_CMD" = status ] || cli_requirements  # status checks them itself: without them it still shows the services
  case $CLI_CMD in
    query) cmd_query "$@" ;;
    errors) cmd_errors "$@" ;;
    error) cmd_error "$@" ;;
    solve) cmd_solve "$@" ;;
    forget) cmd_forget "$@" ;;
    network) cmd_network "$@" ;;
    path) cmd_path "$@" ;;
    remember) cmd_remember "$@" ;;
    recall) cmd_recall "$@" ;;
    export) cmd_export "$@" ;;
    import) cmd_import "$@" ;;
    status) cmd_cli_status "$@" ;;
  esac
}
