#!/usr/bin/env bash
# Makes sure a PostgreSQL with pgvector, pg_trgm and btree_gin is listening on 127.0.0.1:5432 and that the
# databases `brain` and `brain_test` exist with these extensions, owned by the role `brain`; also pg_prewarm
# where the server has it (contrib; Debian's server package ships it), which only the benchmark uses.
# Idempotent; a second run only checks (well under 5 s).
#
#   - uses a PostgreSQL already listening on BRAIN_DB_HOST:BRAIN_DB_PORT (default 127.0.0.1:5432);
#   - otherwise installs Debian's postgresql (apt) and starts its cluster;
#   - if the `vector` extension is not available, builds pgvector from Debian's source package
#     (a deb-src entry for the `trixie` suite, `apt-get source pgvector`, `make install` against
#     postgresql-server-dev-<major>), about 20 s, once;
#   - creates role `brain` (password `brain`) and the databases, and, as the superuser, the extensions
#     (`vector` is not a trusted extension, so the services' own role cannot create it);
#   - only when BRAIN_PG_SHARED_BUFFERS is set (e.g. 2GB): sets PostgreSQL's shared_buffers to it and restarts
#     the local cluster. PostgreSQL's default of 128 MB does not hold the HNSW indexes of 100k errors or memory
#     nodes (~200 MB each); a search whose index pages are not cached reads ~300 pages (~12 ms instead of ~1 ms).
#     Not done by default: it restarts a server that may not be Brain's alone. With it, also reserves huge pages
#     for PostgreSQL's shared memory (vm.nr_hugepages, as root; see step 6) and restarts once more to use them.
set -euo pipefail

DB_HOST=${BRAIN_DB_HOST:-127.0.0.1}
DB_PORT=${BRAIN_DB_PORT:-5432}
DB_USER=${BRAIN_DB_USER:-brain}
DB_PASSWORD=${BRAIN_DB_PASSWORD:-brain}
DATABASES=(${BRAIN_DATABASES:-brain brain_test})
BUILD_DIR=${BRAIN_PGVECTOR_BUILD_DIR:-/var/tmp/brain-pgvector}

say() { printf 'db-bootstrap: %s\n' "$*"; }
die() { printf 'db-bootstrap: ERROR: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly, or through sudo; fails with a clear message otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"
  else die "'$*' needs root, but this user is not root and has no password-less sudo. Run this script as root once, or start PostgreSQL 15+ with pgvector on $DB_HOST:$DB_PORT yourself."
  fi
}

listening() {
  if command -v pg_isready >/dev/null 2>&1; then pg_isready -q -h "$DB_HOST" -p "$DB_PORT"
  else (exec 3<>"/dev/tcp/$DB_HOST/$DB_PORT") 2>/dev/null
  fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq >/dev/null; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# 1. A server on the port.
if ! listening; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    command -v apt-get >/dev/null 2>&1 || die "no PostgreSQL on $DB_HOST:$DB_PORT and no apt-get to install one"
    say "installing PostgreSQL (apt)"
    apt_install postgresql postgresql-contrib
  fi
  major=$(ls /etc/postgresql | sort -n | tail -n 1)
  say "starting PostgreSQL $major cluster 'main'"
  as_root pg_ctlcluster --skip-systemctl-redirect "$major" main start || true
  for _ in $(seq 1 30); do listening && break; sleep 0.5; done
  listening || die "PostgreSQL did not start listening on $DB_HOST:$DB_PORT (see /var/log/postgresql/)"
fi

# 2. A way to talk to it as the superuser: TCP as `postgres` (trust), else the local socket as the OS user postgres.
if psql -h "$DB_HOST" -p "$DB_PORT" -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  super() { psql -h "$DB_HOST" -p "$DB_PORT" -U postgres -v ON_ERROR_STOP=1 -Atq "$@"; }
elif id postgres >/dev/null 2>&1 && as_root runuser -u postgres -- psql -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  super() { as_root runuser -u postgres -- psql -v ON_ERROR_STOP=1 -Atq "$@"; }
else
  die "cannot connect as superuser 'postgres' to $DB_HOST:$DB_PORT (neither over TCP nor the local socket)"
fi

# 3. pgvector.
if [ "$(super -d postgres -c "select count(*) from pg_available_extensions where name = 'vector'")" != "1" ]; then
  major=$(super -d postgres -c 'show server_version_num')
  major=$((major / 10000))
  say "pgvector is missing: building it from Debian's source package for PostgreSQL $major (once, ~20 s)"
  command -v apt-get >/dev/null 2>&1 || die "pgvector is missing and there is no apt-get to build it; install pgvector >= 0.8 for PostgreSQL $major"
  src=/etc/apt/sources.list.d/brain-trixie-src.sources
  if [ ! -f "$src" ]; then
    as_root tee "$src" >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  fi
  apt_install "postgresql-server-dev-$major" build-essential dpkg-dev
  as_root rm -rf "$BUILD_DIR"; as_root mkdir -p "$BUILD_DIR"
  (cd "$BUILD_DIR" && as_root apt-get source -qq pgvector >/dev/null 2>&1) \
    || die "apt-get source pgvector failed (is the trixie deb-src suite reachable? see $src)"
  dir=$(find "$BUILD_DIR" -maxdepth 1 -mindepth 1 -type d -name 'pgvector-*' | head -n 1)
  [ -n "$dir" ] || die "apt-get source pgvector left no pgvector-* folder in $BUILD_DIR"
  pg_config=/usr/lib/postgresql/$major/bin/pg_config
  [ -x "$pg_config" ] || pg_config=$(command -v pg_config)
  as_root make -s -C "$dir" PG_CONFIG="$pg_config" >/dev/null
  as_root make -s -C "$dir" PG_CONFIG="$pg_config" install >/dev/null
  [ "$(super -d postgres -c "select count(*) from pg_available_extensions where name = 'vector'")" = "1" ] \
    || die "pgvector was built but PostgreSQL $major does not list the extension"
  say "pgvector $(super -d postgres -c "select default_version from pg_available_extensions where name = 'vector'") installed"
fi

# 4. Role, databases, extensions.
if [ "$(super -d postgres -c "select count(*) from pg_roles where rolname = '$DB_USER'")" != "1" ]; then
  say "creating role $DB_USER"
  super -d postgres -c "create role \"$DB_USER\" login password '$DB_PASSWORD'"
fi
for db in "${DATABASES[@]}"; do
  if [ "$(super -d postgres -c "select count(*) from pg_database where datname = '$db'")" != "1" ]; then
    say "creating database $db"
    super -d postgres -c "create database \"$db\" owner \"$DB_USER\""
  fi
  super -d "$db" -c 'create extension if not exists vector; create extension if not exists pg_trgm; create extension if not exists btree_gin;' 2>/dev/null \
    || super -d "$db" -c 'create extension if not exists vector; create extension if not exists pg_trgm; create extension if not exists btree_gin;'
  # only the benchmark uses it; a server without the contrib modules still runs Brain
  super -d "$db" -c 'create extension if not exists pg_prewarm;' >/dev/null 2>&1 \
    || say "pg_prewarm is not available in $db: the memory benchmark's read case starts with what the cache holds"
done

# 5. Optional: a buffer cache that holds the vector indexes.
if [ -n "${BRAIN_PG_SHARED_BUFFERS:-}" ]; then
  [[ "$BRAIN_PG_SHARED_BUFFERS" =~ ^[0-9]+[[:space:]]?(kB|MB|GB|TB)?$ ]] \
    || die "BRAIN_PG_SHARED_BUFFERS=$BRAIN_PG_SHARED_BUFFERS is not a size like 2GB or 512MB"
  wanted=$(super -d postgres -c "select pg_size_bytes('$BRAIN_PG_SHARED_BUFFERS')")
  current=$(super -d postgres -c "select setting::bigint * 8192 from pg_settings where name = 'shared_buffers'")
  if [ "$wanted" != "$current" ]; then
    say "setting shared_buffers to $BRAIN_PG_SHARED_BUFFERS and restarting PostgreSQL"
    super -d postgres -c "alter system set shared_buffers = '$BRAIN_PG_SHARED_BUFFERS'" >/dev/null
    major=$(super -d postgres -c "show server_version_num")
    major=$((major / 10000))
    command -v pg_ctlcluster >/dev/null 2>&1 \
      || die "shared_buffers is set for the next start of PostgreSQL; restart it yourself (no pg_ctlcluster here)"
    as_root pg_ctlcluster --skip-systemctl-redirect "$major" main restart
    for _ in $(seq 1 30); do listening && break; sleep 0.5; done
    listening || die "PostgreSQL did not come back after the restart (see /var/log/postgresql/)"
  fi
fi

# 6. With a set buffer cache: huge pages for it, where the kernel lets us reserve them. Every backend maps each
#    buffer it touches with its own page fault; with 4 KiB pages a fresh backend's HNSW search (~600 buffers) took
#    4-25 ms instead of ~1.5 ms on a virtual machine whose faults cost ~30 us each, and a pooled backend pays that
#    for every page of the hot set once. With 2 MiB pages it is ~500 times fewer faults. PostgreSQL's default
#    huge_pages = try uses them when reserved and starts without them otherwise, so a refusal here only warns.
can_root() { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }
if [ -n "${BRAIN_PG_SHARED_BUFFERS:-}" ] && [ -r /proc/sys/vm/nr_hugepages ]; then
  need=$(super -d postgres -c "select setting from pg_settings where name = 'shared_memory_size_in_huge_pages'")
  datadir=$(super -d postgres -c "show data_directory")
  postmaster=""
  if can_root; then postmaster=$(as_root head -n 1 "$datadir/postmaster.pid" 2>/dev/null || true); fi
  if ! can_root; then
    say "not root: PostgreSQL's shared memory stays on 4 KiB pages (see step 6 of this script)"
  elif [ -z "$postmaster" ] || ! [ "$need" -gt 0 ] 2>/dev/null; then
    :   # not this machine's server, or a kernel without huge pages
  elif ! as_root grep -q 'anon_hugepage' "/proc/$postmaster/maps" 2>/dev/null; then
    have=$(cat /proc/sys/vm/nr_hugepages)
    if [ "$have" -lt "$need" ]; then
      say "reserving $need huge pages (2 MiB) for PostgreSQL's shared memory (vm.nr_hugepages was $have)"
      as_root sh -c "echo $need > /proc/sys/vm/nr_hugepages" 2>/dev/null || true
      have=$(cat /proc/sys/vm/nr_hugepages)
    fi
    if [ "$have" -lt "$need" ]; then
      say "WARNING: the kernel gave $have of $need huge pages; PostgreSQL stays on 4 KiB pages (slower on virtual machines)"
    elif command -v pg_ctlcluster >/dev/null 2>&1; then
      major=$(super -d postgres -c "show server_version_num")
      major=$((major / 10000))
      say "restarting PostgreSQL to put its shared memory on the huge pages"
      as_root pg_ctlcluster --skip-systemctl-redirect "$major" main restart
      for _ in $(seq 1 30); do listening && break; sleep 0.5; done
      listening || die "PostgreSQL did not come back after the restart (see /var/log/postgresql/)"
    fi
  fi
fi

PGPASSWORD=$DB_PASSWORD psql -h "$DB_HOST" -p "$DB_PORT" -U "$DB_USER" -d "${DATABASES[0]}" -Atqc 'select 1' >/dev/null 2>&1 \
  || die "role $DB_USER cannot log in to ${DATABASES[0]} on $DB_HOST:$DB_PORT with its password (check pg_hba.conf)"
say "ready: postgresql://$DB_USER@$DB_HOST:$DB_PORT/{$(IFS=,; echo "${DATABASES[*]}")} with vector, pg_trgm and btree_gin"
