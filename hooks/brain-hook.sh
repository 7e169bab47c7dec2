#!/usr/bin/env bash
# Claude Code PostToolUse hook for Brain: forwards the hook JSON from stdin to the gateway
# (${BRAIN_URL:-http://127.0.0.1:8080}/hooks/post-tool-use, 2 s at most) and prints its answer.
# Token: $BRAIN_TOKEN, else the local token of `./brain up` (${BRAIN_DATA_DIR:-$BRAIN_HOME/data}/local-token).
# Always exits 0 and prints nothing on any failure: a hook must never get in the agent's way.
# Installed by `./brain hooks install [--global]`.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" 2>/dev/null && pwd) || exit 0
home=${BRAIN_HOME:-$(dirname "$here")}
url=${BRAIN_URL:-http://127.0.0.1:8080}
token=${BRAIN_TOKEN:-}
token_file=${BRAIN_DATA_DIR:-$home/data}/local-token
if [ -z "$token" ] && [ -r "$token_file" ]; then
  token=$(head -n 1 "$token_file" 2>/dev/null | tr -d '[:space:]')
fi
if ! command -v curl >/dev/null 2>&1; then
  cat >/dev/null 2>&1
  exit 0
fi
answer=$(curl -sf --max-time 2 -X POST \
  -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
  --data-binary @- "$url/hooks/post-tool-use" 2>/dev/null) || exit 0
if [ -n "$answer" ]; then
  printf '%s\n' "$answer"
fi
exit 0
