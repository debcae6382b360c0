#!/usr/bin/env bash
# Test services for the job store contract tests: a Redis server and a PostgreSQL cluster on loopback,
# on non-default ports so they never clash with a system Redis/PostgreSQL.
#
#   eval "$(scripts/services.sh start)"   # installs if missing, starts both, prints `export TEST_…=…` lines
#   eval "$(scripts/services.sh env)"     # prints the same exports without starting anything
#   scripts/services.sh stop              # stops both (data is thrown away: these are scratch services)
#   scripts/services.sh status
#
# Only the export lines go to stdout; progress goes to stderr, so `eval "$(…)"` is safe. Idempotent: `start`
# on running services only prints the exports. Works as root on a fresh Debian machine (CI: installs
# redis-server and postgresql with apt-get, runs PostgreSQL as the `postgres` user) and as a normal user
# with the binaries already installed.
set -euo pipefail

REDIS_PORT="${MCP_JOBGEN_REDIS_PORT:-6390}"
PG_PORT="${MCP_JOBGEN_PG_PORT:-5440}"
PG_DB="jobgen_test"
BASE_DIR="${MCP_JOBGEN_SERVICES_DIR:-/tmp/mcp-jobgen-services}"
REDIS_DIR="$BASE_DIR/redis"
PG_DATA="$BASE_DIR/pg/data"
PG_SOCK="$BASE_DIR/pg/sock"
PG_LOG="$BASE_DIR/pg/postgres.log"

log() { echo "services.sh: $*" >&2; }

redis_url() { echo "redis://127.0.0.1:${REDIS_PORT}"; }
pg_url() { echo "postgres://postgres@127.0.0.1:${PG_PORT}/${PG_DB}"; }

print_env() {
  echo "export TEST_REDIS_URL=$(redis_url)"
  echo "export TEST_POSTGRES_URL=$(pg_url)"
}

# Newest PostgreSQL server binaries that are installed (Debian keeps them out of PATH).
pg_bin_dir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return; fi
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
  echo ""
}

have_redis() { command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; }

install_missing() {
  local wanted=()
  have_redis || wanted+=(redis-server)
  [[ -n "$(pg_bin_dir)" ]] || wanted+=(postgresql)
  [[ ${#wanted[@]} -eq 0 ]] && return 0
  if [[ "$(id -u)" -ne 0 ]]; then
    log "missing ${wanted[*]} and not root: install them (sudo apt-get install -y ${wanted[*]})"
    exit 1
  fi
  log "installing ${wanted[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${wanted[@]}" >&2
}

# Run a command as the PostgreSQL owner: `postgres` when we are root (PostgreSQL refuses to run as root).
as_pg_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

redis_running() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; }

start_redis() {
  if redis_running; then log "redis already up on $REDIS_PORT"; return; fi
  mkdir -p "$REDIS_DIR"
  # No persistence: these are scratch test services, and fsync would only slow the tests down.
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes \
    --dir "$REDIS_DIR" --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" \
    --save "" --appendonly no >&2
  for _ in $(seq 1 50); do redis_running && { log "redis up on $REDIS_PORT"; return; }; sleep 0.1; done
  log "redis did not start; log follows"; cat "$REDIS_DIR/redis.log" >&2 || true; exit 1
}

pg_running() {
  local bin; bin="$(pg_bin_dir)"
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" 2>/dev/null
}

start_postgres() {
  local bin; bin="$(pg_bin_dir)"
  if pg_running; then log "postgres already up on $PG_PORT"; ensure_pg_db "$bin"; return; fi
  mkdir -p "$BASE_DIR/pg"
  chmod 755 "$BASE_DIR" "$BASE_DIR/pg"
  if [[ "$(id -u)" -eq 0 ]]; then chown postgres:postgres "$BASE_DIR/pg"; fi
  if [[ ! -f "$PG_DATA/PG_VERSION" ]]; then
    log "initdb into $PG_DATA"
    # trust on loopback only: a throwaway cluster for tests, reachable from this machine alone.
    as_pg_owner "$bin/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
  fi
  as_pg_owner mkdir -p "$PG_SOCK"
  # fsync off: scratch data, and the contract tests should measure our code, not the disk.
  as_pg_owner "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $PG_SOCK -c fsync=off -c max_connections=200" start >&2 || {
    log "postgres did not start; log follows"; cat "$PG_LOG" >&2 || true; exit 1; }
  ensure_pg_db "$bin"
  log "postgres up on $PG_PORT"
}

ensure_pg_db() {
  local bin="$1"
  if ! "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'" | grep -q 1; then
    "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -qc "CREATE DATABASE $PG_DB" >&2
  fi
}

stop_redis() {
  if redis_running; then
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    log "redis stopped"
  fi
}

stop_postgres() {
  local bin; bin="$(pg_bin_dir)"
  if [[ -n "$bin" && -f "$PG_DATA/postmaster.pid" ]]; then
    as_pg_owner "$bin/pg_ctl" -D "$PG_DATA" -m fast -w stop >&2 || true
    log "postgres stopped"
  fi
}

case "${1:-}" in
  start)
    install_missing
    start_redis
    start_postgres
    print_env
    ;;
  stop)
    stop_redis
    stop_postgres
    ;;
  env)
    print_env
    ;;
  status)
    if redis_running; then log "redis: up on $REDIS_PORT"; else log "redis: down"; fi
    if [[ -n "$(pg_bin_dir)" ]] && pg_running; then log "postgres: up on $PG_PORT"; else log "postgres: down"; fi
    ;;
  *)
    echo "usage: $0 start|stop|env|status" >&2
    exit 2
    ;;
esac
