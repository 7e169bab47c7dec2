#!/usr/bin/env bash
# Scale-out proof on one machine (issue 25, item 5): two instances each of error-service and memory-service on one
# PostgreSQL database, one research-service, and one gateway whose gRPC clients know both instances of each
# service (SmallRye Stork, static address list, round robin); error-service's client of memory-service and
# research-service's clients likewise. Under a load of REST requests through the gateway it shows:
#   1. every scheduled job runs once per period (short periods for the test; job_run rows of both schemas),
#   2. every outbox event is applied exactly once (error.outbox against memory.synapse_event and the synapses'
#      activation counts),
#   3. no request fails while one instance of each service is stopped (SIGTERM) and started again (instance 1, then
#      instance 2, ...; BRAIN_SCALE_RESTARTS times, default 2) - except at most BRAIN_SCALE_LOST_MAX (default 3)
#      writes lost with their connection to a stopping instance ("Connection closed after GOAWAY", "Abrupt GOAWAY",
#      "io exception"): the Vert.x gRPC server can close a connection with a call it accepted still open
#      (quarkusio/quarkus#56268), and a write without an idempotency key is not retried (it may have been stored).
#      They are printed and counted; any other failure, or more of them, violates the property,
#   4. throughput with two instances of each against one (printed; on 2 cores expect little gain).
# Prints a table per property and exits non-zero when one is violated. Needs the jars of `mvn package` and the
# ports 8380 (gateway) and 9131-9135 (HTTP and gRPC share one port per instance).
# Environment: BRAIN_SCALE_PORTS ("GATEWAY ERROR1 ERROR2 MEMORY1 MEMORY2 RESEARCH"), BRAIN_SCALE_DB (database, default brain_scale; its schemas are dropped first), BRAIN_DATA_DIR
# (logs; default a new /tmp/brain-scale.* folder, removed when all passed), BRAIN_SCALE_SECONDS (seconds of
# each throughput load, default 10), BRAIN_SCALE_THREADS (clients, default 4), BRAIN_SCALE_RESTARTS and
# BRAIN_SCALE_LOST_MAX (see 3.),
# BRAIN_SCALE_JAVA_OPTS (more options for every instance, e.g. to switch a guard off: -Dquarkus.shutdown.delay=0s).
# The gateway's deadline to the services is 5 s here (2 s by default): six JVMs share the machine's cores, and a
# call that waits for a CPU is not what this test is about; a stopped instance would fail a call at once.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DB=${BRAIN_SCALE_DB:-brain_scale}
DATA=${BRAIN_DATA_DIR:-$(mktemp -d /tmp/brain-scale.XXXXXX)}
LOAD_SECONDS=${BRAIN_SCALE_SECONDS:-10}
THREADS=${BRAIN_SCALE_THREADS:-4}
RESTARTS=${BRAIN_SCALE_RESTARTS:-2}
LOST_MAX=${BRAIN_SCALE_LOST_MAX:-3}
read -ra EXTRA_OPTS <<<"${BRAIN_SCALE_JAVA_OPTS:-}"
PERIOD=5                      # seconds: the period of every scheduled job under test
CRON="0/$PERIOD * * * * ?"
read -r GATEWAY_PORT E1 E2 M1 M2 R <<<"${BRAIN_SCALE_PORTS:-8380 9131 9132 9133 9134 9135}"
declare -A PORT=([error-1]=$E1 [error-2]=$E2 [memory-1]=$M1 [memory-2]=$M2 [research]=$R [gateway]=$GATEWAY_PORT)
declare -A PID=()
mkdir -p "$DATA/logs" "$DATA/knowledge"
export PGPASSWORD=${BRAIN_DB_PASSWORD:-brain} PGOPTIONS='-c client_min_messages=warning'
# the credential the gateway and the services share on gRPC: one per run, never written anywhere
BRAIN_SERVICE_TOKEN=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'); export BRAIN_SERVICE_TOKEN
psql_q() { psql -h 127.0.0.1 -U "${BRAIN_DB_USER:-brain}" -d "$DB" -v ON_ERROR_STOP=1 -qAtX -F '|' -c "$1"; }
say() { printf 'scale: %s\n' "$*"; }
FAILED=0
violation() { say "VIOLATED: $*"; FAILED=1; }

stop_one() { # name: SIGTERM, wait for the exit (SIGKILL after 30 s)
  local name=$1 pid=${PID[$1]:-}
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  kill -0 "$pid" 2>/dev/null && { say "$name did not stop within 30 s; SIGKILL"; kill -9 "$pid" 2>/dev/null || true; }
  wait "$pid" 2>/dev/null || true
  unset "PID[$name]"
}
cleanup() {
  local name
  for name in gateway research error-1 error-2 memory-1 memory-2; do stop_one "$name"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for port in "${PORT[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then say "port $port is in use"; exit 1; fi
done
for svc in error-service memory-service research-service gateway; do
  [ -f "$ROOT/$svc/target/quarkus-app/quarkus-run.jar" ] || { say "no $svc jar: mvn package first"; exit 1; }
done
BRAIN_DATABASES=$DB "$ROOT/scripts/db-bootstrap.sh" >/dev/null
psql_q "drop schema if exists error, memory, research, gateway cascade"

addresses() { echo "127.0.0.1:${PORT[$1-1]},127.0.0.1:${PORT[$1-2]}"; }
# a gRPC client named $1 that knows both instances of $2 (error or memory): Stork's static list, round robin
client() {
  printf '%s\n' "-Dquarkus.grpc.clients.$1.name-resolver=stork" "-Dquarkus.grpc.clients.$1.host=$2-service" \
    "-Dquarkus.stork.$2-service.service-discovery.type=static" \
    "-Dquarkus.stork.$2-service.service-discovery.address-list=$(addresses "$2")"
}
declare -A OPTS=()
JOBS_MEMORY=("-Dbrain.jobs.promotion.every=${PERIOD}s" "-Dbrain.jobs.short-term-expiry.cron=$CRON"
  "-Dbrain.jobs.housekeeping.cron=$CRON" "-Dbrain.jobs.log-retention.cron=$CRON" "-Dbrain.memory.decay.cron=$CRON"
  "-Dbrain.memory.synapses.decay-cron=$CRON")
JOBS_ERROR=("-Dbrain.error.retention.cron=$CRON" "-Dbrain.error.learning.interval=${PERIOD}s"
  "-Dbrain.error.learning.delay=${PERIOD}s")
mapfile -t ERROR_CLIENTS < <(client memory memory)
mapfile -t RESEARCH_CLIENTS < <(client error error; client memory memory)
mapfile -t GATEWAY_CLIENTS < <(client error error; client memory memory)

start_one() { # name jar-module [-Dkey=value ...]
  local name=$1 module=$2; shift 2
  (
    cd "$DATA"
    export BRAIN_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" BRAIN_BIND_HOST=127.0.0.1 BRAIN_EMBEDDING_PROVIDER=hash \
      BRAIN_LOCAL_TOKEN_FILE="$DATA/local-token" BRAIN_LOCAL_TENANT=scale BRAIN_KNOWLEDGE_ROOT="$DATA/knowledge" \
      BRAIN_RESEARCH_PORT="${PORT[research]}" BRAIN_SERVICES_DEADLINE=5s OPT_OUT_TRACKING=true
    # C1 only: six JVMs start on a few cores in half the time
    exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx384m -Dquarkus.http.port="${PORT[$name]}" "${EXTRA_OPTS[@]}" "$@" \
      -jar "$ROOT/$module/target/quarkus-app/quarkus-run.jar" >>"$DATA/logs/$name.log" 2>&1
  ) &
  PID[$name]=$!
}
start_named() {
  case $1 in
    error-*) start_one "$1" error-service "${JOBS_ERROR[@]}" "${ERROR_CLIENTS[@]}" ;;
    memory-*) start_one "$1" memory-service "${JOBS_MEMORY[@]}" ;;
    research) start_one research research-service -Dbrain.research.cycle.enabled=false "${RESEARCH_CLIENTS[@]}" ;;
    # the load is one token at this machine's full speed (432 req/s once): the per-token rate limit (200/s, bursts of
    # 2000) is not what this test is about, so it is off here
    gateway) start_one gateway gateway -Dbrain.limits.requests-per-second=0 "${GATEWAY_CLIENTS[@]}" ;;
  esac
}
ready() { curl -fsS -o /dev/null "http://127.0.0.1:${PORT[$1]}/q/health/ready" 2>/dev/null; }
wait_ready() { # names...
  local name deadline=$((SECONDS + 180))
  for name in "$@"; do
    until ready "$name"; do
      if ! kill -0 "${PID[$name]}" 2>/dev/null; then say "$name stopped while starting:"; tail -n 30 "$DATA/logs/$name.log"; exit 1; fi
      [ $SECONDS -lt $deadline ] || { say "$name not ready within 180 s"; tail -n 30 "$DATA/logs/$name.log"; exit 1; }
      sleep 0.5
    done
    # ours, not another program's on the same port (a Quarkus that cannot bind its port exits)
    sleep 0.5
    kill -0 "${PID[$name]}" 2>/dev/null || { say "$name exited:"; tail -n 5 "$DATA/logs/$name.log"; exit 1; }
  done
}
load() { # seconds [stop-file] → the driver's output
  java "$ROOT/scripts/scale/LoadDriver.java" --url "http://127.0.0.1:$GATEWAY_PORT" --token "$TOKEN" \
    --threads "$THREADS" --seconds "$1" ${2:+--stop-file "$2"}
}
figure() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<<"$2" | head -n 1; }

T0=$SECONDS
say "starting 2 × error-service, 2 × memory-service, research-service on one fresh database ($DB) ..."
for name in error-1 error-2 memory-1 memory-2 research; do start_named "$name"; done
wait_ready error-1 error-2 memory-1 memory-2 research
start_named gateway
wait_ready gateway
TOKEN=$(head -n 1 "$DATA/local-token" | tr -d '[:space:]')
say "all ready after $((SECONDS - T0)) s (logs: $DATA/logs)"
migrations=$(psql_q "select string_agg(n || '=' || c, ' ') from (select 'error' n, count(*) c from error.flyway_schema_history
  union all select 'memory', count(*) from memory.flyway_schema_history) t")
say "migrations applied once each by two instances starting together: $migrations"

load 8 >/dev/null   # warm-up (JIT, connections)
say "throughput, two instances of each ..."
TWO=$(load "$LOAD_SECONDS")

say "stopping (SIGTERM) and restarting one instance of each under load, $RESTARTS times ..."
STOP_FILE=$DATA/stop-load
rm -f "$STOP_FILE"
load 3600 "$STOP_FILE" >"$DATA/restart-load.txt" &
LOAD_PID=$!
sleep 2
for round in $(seq 1 "$RESTARTS"); do
  n=$(( (round - 1) % 2 + 1 ))   # instance 1, then 2, then 1 ...
  kill -TERM "${PID[error-$n]}" "${PID[memory-$n]}" 2>/dev/null || true   # together; stop_one waits for each
  stop_one "error-$n"
  stop_one "memory-$n"
  sleep 2   # the load goes on against the other instances
  start_named "error-$n"
  start_named "memory-$n"
  wait_ready "error-$n" "memory-$n"
  say "  $round: error-$n and memory-$n stopped and ready again"
  sleep 3
done
touch "$STOP_FILE"
wait "$LOAD_PID"
RESTART=$(cat "$DATA/restart-load.txt")

say "throughput, one instance of each (error-2, memory-2 stopped) ..."
stop_one error-2
stop_one memory-2
ONE=$(load "$LOAD_SECONDS")

# the outbox drains: every event delivered (the relay runs every second on the remaining error-service)
for _ in $(seq 1 60); do
  [ "$(psql_q "select count(*) from error.outbox where delivered_at is null and dead_at is null")" = 0 ] && break
  sleep 0.5
done

echo
echo "| load (gateway, $THREADS clients) | requests | failed | req/s | p50 ms | p95 ms |"
echo "|---|---|---|---|---|---|"
for row in "two instances each|$TWO" "one instance of each stopped and restarted, $RESTARTS times|$RESTART" "one instance each|$ONE"; do
  label=${row%%|*}; out=${row#*|}
  printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "$(figure requests "$out")" "$(figure failed "$out")" \
    "$(figure rps "$out")" "$(figure p50_ms "$out")" "$(figure p95_ms "$out")"
  failed=$(figure failed "$out")
  if [ "$failed" != 0 ]; then
    grep '^failure:' <<<"$out" || true
    listed=$(grep -c '^failure:' <<<"$out" || true)
    known=$(grep '^failure:' <<<"$out" | grep -cE 'Connection closed after GOAWAY|Abrupt GOAWAY|unavailable: io exception' || true)
    if [[ $label == *restarted* ]] && [ "$failed" -le "$LOST_MAX" ] && [ "$known" = "$failed" ] && [ "$listed" = "$failed" ]; then
      say "$label: $failed of $(figure requests "$out") writes lost with the connection of a stopping instance (quarkusio/quarkus#56268; at most $LOST_MAX)"
    else
      violation "$label: requests failed"
    fi
  fi
  [ "$(figure requests "$out")" != 0 ] || violation "$label: no request was sent"
done

# 1. jobs: the scheduled runs (done or failed) of each job and tenant; two runs less than half a period apart, or
#    more runs than periods, mean a period ran twice
echo
echo "| job (period ${PERIOD} s) | tenant | runs | skipped | periods spanned | min gap s | max gap s |"
echo "|---|---|---|---|---|---|---|"
JOBS_SQL="with runs as (
    select 'error.' || job as job, coalesce(tenant, '-') as tenant, status, started_at from error.job_run
      where trigger = 'scheduled' and job in ('retention', 'learning')
    union all
    select 'memory.' || job, '-', status, started_at from memory.job_run where trigger = 'scheduled'),
  done as (select job, tenant, started_at,
      extract(epoch from started_at - lag(started_at) over (partition by job, tenant order by started_at)) as gap
    from runs where status in ('done', 'failed'))
  select r.job, r.tenant, count(*) filter (where r.status in ('done', 'failed')), count(*) filter (where r.status = 'skipped'),
    (select round(extract(epoch from max(started_at) - min(started_at)) / $PERIOD, 1) from done d where d.job = r.job and d.tenant = r.tenant),
    (select round(min(gap)::numeric, 2) from done d where d.job = r.job and d.tenant = r.tenant),
    (select round(max(gap)::numeric, 2) from done d where d.job = r.job and d.tenant = r.tenant)
  from runs r group by r.job, r.tenant order by 1, 2"
while IFS='|' read -r job tenant runs skipped spanned mingap maxgap; do
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$job" "$tenant" "$runs" "$skipped" "${spanned:--}" "${mingap:--}" "${maxgap:--}"
  [ "$runs" -ge 2 ] || { violation "$job ran $runs times"; continue; }
  awk -v g="$mingap" -v p="$PERIOD" 'BEGIN { exit !(g >= p / 2) }' || violation "$job: two runs $mingap s apart (period $PERIOD s)"
  awk -v n="$runs" -v s="$spanned" 'BEGIN { exit !(n - 1 <= s + 1) }' || violation "$job: $runs runs in $spanned periods"
done < <(psql_q "$JOBS_SQL")
for job in error.retention error.learning memory.PROMOTION memory.SHORT_TERM_EXPIRY memory.HOUSEKEEPING \
    memory.LOG_RETENTION memory.NODE_DECAY memory.SYNAPSE_DECAY; do
  psql_q "$JOBS_SQL" | grep -q "^$job|" || violation "$job never ran"
done

# 2. outbox: every event delivered once; memory-service holds each key once, and each synapse's activation count
#    equals the number of strengthen events for it (an event applied twice would count twice)
OUTBOX=$(psql_q "select count(*), count(*) filter (where delivered_at is not null), count(*) filter (where dead_at is not null),
    count(*) filter (where attempts > 0),
    (select count(*) from memory.synapse_event m where m.tenant = o.tenant and m.event_id in (select idempotency_key from error.outbox)),
    (select count(*) from (select event->'source'->>'type' st, (event->'source'->>'id')::bigint si, event->'target'->>'type' tt,
        (event->'target'->>'id')::bigint ti, event->>'synapse_type' ty, count(*) n from error.outbox
        where event->>'op' = 'strengthen' and tenant = o.tenant group by 1, 2, 3, 4, 5) e
      left join memory.synapse s on s.tenant = o.tenant and s.source_type = e.st and s.source_id = e.si
        and s.target_type = e.tt and s.target_id = e.ti and s.synapse_type = e.ty
      where s.activation_count is distinct from e.n)
  from error.outbox o where tenant = 'scale' group by o.tenant")
IFS='|' read -r events delivered dead retried applied mismatched <<<"${OUTBOX:-0|0|0|0|0|0}"
echo
echo "| outbox events | delivered | dead | retried | keys applied in memory-service | synapses whose activations ≠ strengthen events |"
echo "|---|---|---|---|---|---|"
echo "| $events | $delivered | $dead | $retried | $applied | $mismatched |"
[ "$events" -gt 0 ] || violation "no outbox event was written"
[ "$delivered" = "$events" ] && [ "$dead" = 0 ] || violation "outbox: $delivered of $events delivered, $dead dead"
[ "$applied" = "$events" ] || violation "outbox: $applied of $events keys applied in memory-service"
[ "$mismatched" = 0 ] || violation "outbox: $mismatched synapses were strengthened a different number of times than events say"

echo
say "throughput two instances / one instance: $(figure rps "$TWO") / $(figure rps "$ONE") req/s; took $((SECONDS - T0)) s"
if [ $FAILED -ne 0 ]; then say "FAILED (logs kept in $DATA/logs)"; exit 1; fi
say "all properties hold"
trap - EXIT
cleanup
[ -n "${BRAIN_DATA_DIR:-}" ] || rm -rf "$DATA"
