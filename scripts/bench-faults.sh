#!/usr/bin/env bash
# Fault runs of issue #24 (./brain bench faults runs this): a PostgreSQL cluster of their own, the four services
# against it, and the bench's `faults` section driving MCP load through the gateway while this script injects one
# fault at a time (PostgreSQL restarted, memory-service stopped for --outage, the gateway restarted, error-service
# killed with SIGKILL); prints the table "fault / calls / failed / retried / recovered / verdict". Never touches
# the PostgreSQL on 5432 or a running ./brain.
#
#   scripts/bench-faults.sh [--clients 8] [--outage 60s] [--before 15s] [--after 30s] [--faults postgres,memory,gateway,kill]
#   scripts/bench-faults.sh clean               stops and removes what an earlier (interrupted) run left
#   scripts/bench-faults.sh action ACTION [SVC] what the bench calls: pg-restart | stop SVC | start SVC | restart SVC | kill9 SVC
#
# Needs root (or the OS user postgres) for initdb/pg_ctl, PostgreSQL 15+ with pgvector (scripts/db-bootstrap.sh
# installs it), the services' jars (mvn package) and the bench's jar (built here when missing or stale).
# Everything lives under BRAIN_FAULTS_DIR (default /tmp/brain-faults): the cluster (port BRAIN_FAULTS_PG_PORT,
# default 5544), copies of the services' quarkus-app folders (a build during the run cannot change what a
# restart starts), their data, logs and pid files. A run starts by cleaning up an earlier one and ends by
# stopping the services and the cluster and deleting the folder (BRAIN_FAULTS_KEEP=1 keeps it for a look).
# Ports: gateway BRAIN_GATEWAY_PORT (8180), services BRAIN_ERROR_PORT/BRAIN_MEMORY_PORT/BRAIN_RESEARCH_PORT
# (9111-9113). Exit status 0 when every fault passed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=${BRAIN_FAULTS_DIR:-/tmp/brain-faults}
PG_PORT=${BRAIN_FAULTS_PG_PORT:-5544}
GATEWAY_PORT=${BRAIN_GATEWAY_PORT:-8180}
ERROR_PORT=${BRAIN_ERROR_PORT:-9111}
MEMORY_PORT=${BRAIN_MEMORY_PORT:-9112}
RESEARCH_PORT=${BRAIN_RESEARCH_PORT:-9113}
SERVICES=(error-service memory-service research-service gateway)
DB_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/brain"
BRAIN_SERVICE_TOKEN=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')  # the run's service token
PGBIN=""

say() { printf 'bench-faults: %s\n' "$*" >&2; }
die() { printf 'bench-faults: ERROR: %s\n' "$*" >&2; exit 1; }

pgbin() {
  [ -n "$PGBIN" ] && return
  local major
  major=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1)
  [ -n "$major" ] && [ -x "/usr/lib/postgresql/$major/bin/initdb" ] || die "no PostgreSQL server binaries under /usr/lib/postgresql (run scripts/db-bootstrap.sh once)"
  PGBIN=/usr/lib/postgresql/$major/bin
}

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"
  elif [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"
  else sudo -n -u postgres "$@" 2>/dev/null || die "'$1' must run as the OS user postgres: run this script as root or postgres"
  fi
}

port_of() {
  case $1 in
    error-service) echo "$ERROR_PORT" ;; memory-service) echo "$MEMORY_PORT" ;;
    research-service) echo "$RESEARCH_PORT" ;; gateway) echo "$GATEWAY_PORT" ;;
    *) die "unknown service '$1' (one of: ${SERVICES[*]})" ;;
  esac
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ready() { # service: its health endpoint answers UP
  local port; port=$(port_of "$1")
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1   # braces: 2>/dev/null must not stick to the shell
  printf 'GET /q/health/ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
  local status; IFS= read -r status <&3 || status=""
  exec 3>&-
  [[ $status == HTTP/*" 200"* ]]
}

pid_of() { local f=$DIR/pids/$1.pid; [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null && cat "$f"; return 0; }

# --- the cluster ---------------------------------------------------------------------------------------------

pg_up() {
  pgbin
  mkdir -p "$DIR"; chmod 755 "$DIR"
  if [ ! -f "$DIR/pg/PG_VERSION" ]; then
    mkdir -p "$DIR/pg" "$DIR/pgsock"; chown postgres "$DIR/pg" "$DIR/pgsock" 2>/dev/null || true
    as_postgres "$PGBIN/initdb" -D "$DIR/pg" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg" -l "$DIR/pg/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $DIR/pgsock -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
}

pg_restart() {
  pgbin
  as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg" -m fast -w -t 120 stop >/dev/null
  as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg" -l "$DIR/pg/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $DIR/pgsock -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
}

pg_down() {
  pgbin
  if [ -f "$DIR/pg/postmaster.pid" ]; then
    as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  fi
}

# --- the services --------------------------------------------------------------------------------------------

start_one() {
  local svc=$1 port app
  port=$(port_of "$svc")
  app=$DIR/apps/$svc/quarkus-run.jar
  [ -f "$app" ] || die "$app is missing (the run copies the jars at its start)"
  [ -z "$(pid_of "$svc")" ] || die "$svc is already running (pid $(pid_of "$svc"))"
  listening "$port" && die "port $port is taken by another program; set BRAIN_*_PORT"
  (
    cd "$DIR/data"
    export OPT_OUT_TRACKING=true DJL_CACHE_DIR=$DIR/data/djl BRAIN_LOCAL_TOKEN_FILE=$DIR/data/local-token
    export BRAIN_KNOWLEDGE_ROOT=$DIR/data/knowledge BRAIN_BIND_HOST=127.0.0.1 BRAIN_DB_URL=$DB_URL
    export BRAIN_ERROR_PORT=$ERROR_PORT BRAIN_MEMORY_PORT=$MEMORY_PORT BRAIN_RESEARCH_PORT=$RESEARCH_PORT
    export BRAIN_SERVICE_TOKEN  # the run's own (made at the top): the gateway and the services share it on gRPC
    exec java ${BRAIN_JAVA_OPTS:--Xmx512m} -Dai.djl.offline=true -Dquarkus.http.port="$port" \
      -Dquarkus.grpc.clients.error.port="$ERROR_PORT" -Dquarkus.grpc.clients.memory.port="$MEMORY_PORT" \
      -Dquarkus.grpc.clients.research.port="$RESEARCH_PORT" -jar "$app" >>"$DIR/logs/$svc.log" 2>&1
  ) </dev/null &
  echo $! > "$DIR/pids/$svc.pid"
}

wait_ready() {
  local svc deadline=$((SECONDS + 180))
  for svc in "$@"; do
    until ready "$svc"; do
      [ -n "$(pid_of "$svc")" ] || { tail -n 20 "$DIR/logs/$svc.log" >&2; die "$svc stopped while starting (log: $DIR/logs/$svc.log)"; }
      [ $SECONDS -lt $deadline ] || die "$svc was not ready within 180 s (log: $DIR/logs/$svc.log)"
      sleep 0.2
    done
  done
}

stop_one() { # service [signal]
  local svc=$1 signal=${2:-TERM} pid
  pid=$(pid_of "$svc")
  if [ -n "$pid" ]; then
    kill -"$signal" "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$DIR/pids/$svc.pid"
}

clean() {
  local svc
  if [ -d "$DIR/pids" ]; then
    for svc in gateway research-service memory-service error-service; do stop_one "$svc"; done
  fi
  [ -d "$DIR/pg" ] && pg_down
  rm -rf "$DIR"
}

action() {
  local what=${1:-} svc=${2:-}
  case $what in
    pg-restart) say "restarting PostgreSQL (fast shutdown)"; pg_restart; say "PostgreSQL is back" ;;
    stop) say "stopping $svc"; stop_one "$svc" TERM ;;
    kill9) say "killing $svc with SIGKILL"; stop_one "$svc" KILL ;;
    start) say "starting $svc"; start_one "$svc"; wait_ready "$svc"; say "$svc is ready" ;;
    restart) say "restarting $svc"; stop_one "$svc" TERM; start_one "$svc"; wait_ready "$svc"; say "$svc is ready" ;;
    *) die "action: pg-restart | stop SVC | start SVC | restart SVC | kill9 SVC" ;;
  esac
}

case ${1:-} in
  action) shift; action "$@"; exit ;;
  clean) clean; say "cleaned $DIR"; exit ;;
esac

# --- a whole run ---------------------------------------------------------------------------------------------

for port in "$PG_PORT" "$GATEWAY_PORT" "$ERROR_PORT" "$MEMORY_PORT" "$RESEARCH_PORT"; do
  if listening "$port" && ! [ -d "$DIR" ]; then die "port $port is in use; stop what runs there or set the BRAIN_*_PORT variables"; fi
done
clean
for svc in "${SERVICES[@]}"; do
  [ -f "$ROOT/$svc/target/quarkus-app/quarkus-run.jar" ] || die "$svc is not built: mvn -DskipTests package first"
done
bench_app=${BRAIN_BENCH_APP:-$ROOT/bench/target/quarkus-app}   # BRAIN_BENCH_APP: a bench build to use as it is
bench=$bench_app/quarkus-run.jar
if [ -z "${BRAIN_BENCH_APP:-}" ] && { [ ! -f "$bench" ] || [ -n "$(find "$ROOT/bench/src" "$ROOT/proto/src" -newer "$bench" -type f -print -quit)" ]; }; then
  say "building the bench"
  (cd "$ROOT" && mvn -B -q -o -DskipTests -Dformatter.skip -Dimpsort.skip package -pl bench -am) || die "building the benchmark failed"
fi
trap 'set +e; if [ "${BRAIN_FAULTS_KEEP:-0}" = 1 ]; then say "kept $DIR (scripts/bench-faults.sh clean removes it)"; else clean; say "stopped the services and the cluster, removed $DIR"; fi' EXIT
mkdir -p "$DIR/apps" "$DIR/data/djl" "$DIR/logs" "$DIR/pids"
for svc in "${SERVICES[@]}"; do cp -r "$ROOT/$svc/target/quarkus-app" "$DIR/apps/$svc"; done
cp -r "$bench_app" "$DIR/apps/bench"

say "starting PostgreSQL on port $PG_PORT ($DIR/pg)"
pg_up
BRAIN_DB_PORT=$PG_PORT BRAIN_DATABASES=brain "$ROOT/scripts/db-bootstrap.sh" >&2
say "starting the services (gateway :$GATEWAY_PORT, services :$ERROR_PORT-:$RESEARCH_PORT)"
for svc in error-service memory-service research-service; do start_one "$svc"; done
wait_ready error-service memory-service research-service
start_one gateway
wait_ready gateway
export BRAIN_SERVICE_TOKEN  # the fault bench calls the services directly too

status=0
BRAIN_DB_URL=$DB_URL java -jar "$DIR/apps/bench/quarkus-run.jar" faults --pids "$DIR/pids" \
  --corpus "$ROOT/error-service/src/test/resources/corpus/errors-dev.jsonl" --gateway-port "$GATEWAY_PORT" \
  --fault-command "$ROOT/scripts/bench-faults.sh action" "$@" || status=$?
exit $status
