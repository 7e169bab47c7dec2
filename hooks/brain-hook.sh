#!/usr/bin/env bash
# Claude Code hook for Brain: `brain-hook.sh EVENT` with EVENT one of session-start, pre-tool-use,
# post-tool-use-failure, post-tool-use (default). Reads Claude Code's hook JSON from stdin, adds the project as
# this machine sees it — brain_project (the git top-level directory's name; every worktree of a repository maps to
# its main worktree's name), brain_repo (the origin URL without scheme, credentials and .git) and brain_root (the
# working tree's top level: edits outside it are never learned from) — posts it to
# ${BRAIN_URL:-http://127.0.0.1:8080}/hooks/EVENT (1 s at most for pre-tool-use, else 2 s) and prints the answer.
# Token: $BRAIN_TOKEN, else the local token of `./brain up` (${BRAIN_DATA_DIR:-$BRAIN_HOME/data}/local-token).
# Always exits 0 and prints nothing on any failure: a hook must never get in the agent's way.
# Installed by `./brain hooks install [--global]`.

event=${1:-post-tool-use}
case $event in
  session-start|pre-tool-use|post-tool-use-failure|post-tool-use) ;;
  *) cat >/dev/null 2>&1; exit 0 ;;
esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" 2>/dev/null && pwd) || exit 0
home=${BRAIN_HOME:-$(dirname "$here")}
url=${BRAIN_URL:-http://127.0.0.1:8080}
token=${BRAIN_TOKEN:-}
token_file=${BRAIN_DATA_DIR:-$home/data}/local-token
if [ -z "$token" ] && [ -r "$token_file" ]; then
  token=$(head -n 1 "$token_file" 2>/dev/null | tr -d '[:space:]')
fi
payload=$(cat 2>/dev/null) || exit 0
command -v curl >/dev/null 2>&1 || exit 0

json_string() { # text → a JSON string literal (other control characters are dropped)
  local s=$1
  s=${s//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\n'/\\n}; s=${s//$'\r'/\\r}; s=${s//$'\t'/\\t}
  s=${s//[$'\001'-$'\037']/}
  printf '"%s"' "$s"
}

# the directory the event happened in: the payload's cwd (JSON-escaped quotes and backslashes are rare in paths;
# such a path falls back to the hook's own working directory, which Claude Code sets to the same)
cwd=$PWD
if [[ $payload =~ \"cwd\"[[:space:]]*:[[:space:]]*\"([^\"\\]*)\" ]]; then cwd=${BASH_REMATCH[1]}; fi
project="" repo="" root=""
# the project logic is shared with the brain command (scripts/lib/project.sh next to this directory)
# shellcheck source=../scripts/lib/project.sh
if source "$here/../scripts/lib/project.sh" 2>/dev/null && brain_project_of "$cwd" 2>/dev/null; then
  project=$BRAIN_PROJECT_NAME repo=$BRAIN_PROJECT_REPO root=$BRAIN_PROJECT_ROOT
fi
# a Read is sent for the session's trail (what the session saw of a file): a file over 256 KiB is not kept there,
# so its payload is not sent at all
if [ "$event" = post-tool-use ] && [ ${#payload} -gt 270000 ] \
  && [[ $payload =~ \"tool_name\"[[:space:]]*:[[:space:]]*\"Read\" ]]; then
  exit 0
fi
if [[ $payload =~ ^[[:space:]]*\{ ]]; then
  rest=${payload#*\{} sep=,
  [[ $rest =~ ^[[:space:]]*\} ]] && sep=""
  payload="{\"brain_project\":$(json_string "$project"),\"brain_repo\":$(json_string "$repo"),\"brain_root\":$(json_string "$root")$sep$rest"
fi

time_out=2
[ "$event" = pre-tool-use ] && time_out=1
answer=$(printf '%s' "$payload" | curl -sf --max-time "$time_out" -X POST \
  -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
  --data-binary @- "$url/hooks/$event" 2>/dev/null) || exit 0
if [ -n "$answer" ]; then
  printf '%s\n' "$answer"
fi
exit 0
