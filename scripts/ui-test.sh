#!/usr/bin/env bash
# The web view in a real browser, on the jars `mvn verify` just built: ./brain up (own ports, own data folder, a
# fresh tenant on the database brain_test), seed an error with a solution (whose synapse the outbox carries to
# memory-service) and two memories linked by an entity, then gateway/src/test/ui/browser-test.mjs drives Debian's
# Chromium through every page with playwright-core. Screenshots land in gateway/target/ui-screenshots.
# Installs chromium (apt) and playwright-core (npm ci, pinned) when missing. BRAIN_SKIP_UI_TEST=1 skips it.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
say() { printf 'ui: %s\n' "$*"; }
die() { printf 'ui: FAILED: %s\n' "$*" >&2; exit 1; }
[ "${BRAIN_SKIP_UI_TEST:-0}" = 1 ] && { say "skipped (BRAIN_SKIP_UI_TEST=1)"; exit 0; }

# --- the browser and its driver
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  say "installing Debian's chromium"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || die "could not install chromium (BRAIN_SKIP_UI_TEST=1 skips this test)"
fi
UI=$ROOT/gateway/src/test/ui
if [ ! -d "$UI/node_modules/playwright-core" ]; then
  (cd "$UI" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || die "npm ci of playwright-core failed"
fi

# --- Brain on its own ports, a tenant of its own
export BRAIN_GATEWAY_PORT=8480 BRAIN_ERROR_PORT=9141 BRAIN_MEMORY_PORT=9142 BRAIN_RESEARCH_PORT=9143
for port in $BRAIN_GATEWAY_PORT $BRAIN_ERROR_PORT $BRAIN_MEMORY_PORT $BRAIN_RESEARCH_PORT; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "port $port is in use"; fi
done
WORK=$(mktemp -d /tmp/brain-ui.XXXXXX)
RUN=$(date +%s)$RANDOM
export BRAIN_DATA_DIR=$WORK/data BRAIN_DB_URL=jdbc:postgresql://127.0.0.1:5432/brain_test BRAIN_LOCAL_TENANT=ui-$RUN
# memories are promoted every 2 s here (60 s by default), so the memory page has long-term memories to show
export BRAIN_JAVA_OPTS="-Xmx512m -Dbrain.memory.promotion.interval=2s"
cleanup() {
  local rc=$?
  "$ROOT/brain" down >/dev/null 2>&1 || true
  if [ "$rc" -eq 0 ]; then rm -rf "$WORK"; else say "kept $WORK (Brain's logs in data/logs)"; fi
}
trap cleanup EXIT
"$ROOT/brain" up >"$WORK/up.log" 2>&1 || { tail -n 30 "$WORK/up.log" >&2; die "./brain up failed"; }
URL=http://127.0.0.1:$BRAIN_GATEWAY_PORT
TOKEN=$(cat "$BRAIN_DATA_DIR/local-token")

api() { # method path [json] → body; fails on a non-2xx answer
  local method=$1 path=$2
  curl -sS --fail-with-body -X "$method" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -H 'Accept: application/json' ${3:+--data "$3"} "$URL$path"
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

# --- seed: an error seen twice with a solution; two memories that share the entity Anna
ERROR_OUTPUT='Traceback (most recent call last):\n  File \"/srv/shop/app.py\", line 12, in <module>\n    total = price * quantity\nNameError: name '"'"'quantity_in_ui'"'"' is not defined\n'
ERROR_ID=$(api POST /api/v1/errors "{\"error_output\": \"$ERROR_OUTPUT\", \"command\": \"python app.py\"}" | json 'd["error_id"]')
api POST /api/v1/errors "{\"error_output\": \"$ERROR_OUTPUT\", \"command\": \"python app.py\"}" >/dev/null
SOLUTION_ID=$(api POST "/api/v1/errors/$ERROR_ID/solutions" '{"title": "Define quantity before use", "steps": ["quantity = 1"]}' \
  | json 'd["solution_id"]')
ANNA="Anna is the user's older sister and she lives in Hamburg with two cats."
TAX="The quarterly tax return is due at the end of March."
for content in "$ANNA" "$TAX"; do
  api POST /api/v1/memory/remember "{\"content\": \"$content\", \"salience\": 0.9, \"entities\": [\"Anna\"]}" >/dev/null
done
QUERY="Where does Anna, the user's sister, live?"
deadline=$((SECONDS + 60))
until api GET "/ui/network/graph?node=error:$ERROR_ID&depth=1" 2>/dev/null | grep -q '"type":"solves"'; do
  [ $SECONDS -lt $deadline ] || die "the solution's synapse did not reach memory-service within 60 s"
  sleep 1
done
until api POST /api/v1/memory/recall "{\"query\": \"$QUERY\", \"hops\": 1}" 2>/dev/null | grep -q '"shell":1'; do
  [ $SECONDS -lt $deadline ] || die "the memories were not promoted and linked within 60 s"
  sleep 1
done
OTHER_TOKEN=$("$ROOT/brain" token create --tenant "ui-other-$RUN" --scopes read | tail -n 1)
say "seeded error $ERROR_ID with solution $SOLUTION_ID and two linked memories for tenant ui-$RUN"

SHOTS=$ROOT/gateway/target/ui-screenshots
rm -rf "$SHOTS"
BRAIN_URL=$URL TOKEN=$TOKEN OTHER_TOKEN=$OTHER_TOKEN ERROR_ID=$ERROR_ID SOLUTION_ID=$SOLUTION_ID ERROR_TEXT=quantity_in_ui \
  MEMORY_QUERY=$QUERY MEMORY_VIA=$TAX SHOTS=$SHOTS node "$UI/browser-test.mjs"
