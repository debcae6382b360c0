#!/usr/bin/env bash
# `npm run test:all`: the strict type-check (src, templates, test, scripts), the linter, then every test,
# including the Redis and PostgreSQL store suites. Starts scratch Redis and PostgreSQL servers on loopback
# (installing them from Debian's packages when missing, which needs root), runs `npm test`, prints a plain
# summary line, and stops the services whatever happens. A failing type-check or lint fails the run, after
# the tests have run too (so one run reports everything).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
log() { echo "test-all: $*"; }

checks=0
log "npm run typecheck"
npm run --silent typecheck || { checks=1; log "typecheck FAILED"; }
log "npm run lint"
npm run --silent lint || { checks=1; log "lint FAILED"; }

# The framework suite (test/frameworks/) is a package of its own; on a fresh clone its frameworks are installed
# here, as .ci/run does (without them the suite skips locally and fails under CI=true).
if [ ! -d test/frameworks/node_modules ]; then
  log "npm ci --prefix test/frameworks"
  npm ci --prefix test/frameworks --no-audit --no-fund --omit=optional --ignore-scripts
fi

stop_services() { bash scripts/services.sh stop >/dev/null 2>&1 || true; }
trap stop_services EXIT
log "starting Redis and PostgreSQL"
# Assigned first so that a failing start stops the run here (set -e sees the substitution's exit code).
service_env="$(bash scripts/services.sh start)"
eval "$service_env"
: "${TEST_REDIS_URL:?services.sh did not export TEST_REDIS_URL}"
: "${TEST_POSTGRES_URL:?services.sh did not export TEST_POSTGRES_URL}"
export TEST_REDIS_URL TEST_POSTGRES_URL
log "TEST_REDIS_URL=$TEST_REDIS_URL TEST_POSTGRES_URL=$TEST_POSTGRES_URL"

log "npm test"
mkdir -p .tmp
status=0
npm test 2>&1 | tee .tmp/test-all.log || status=$?

elapsed=$(( $(date +%s) - started ))
# vitest prints "Tests  N passed | M failed (T)"; restate it as the plain line CI reads.
summary=$(sed -r 's/\x1b\[[0-9;]*m//g' .tmp/test-all.log | grep -E '^ +Tests +' | tail -n 1 || true)
passed=$(echo "$summary" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+' || echo 0)
failed=$(echo "$summary" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+' || echo 0)
skipped=$(echo "$summary" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+' || echo 0)
if [ "$status" -ne 0 ] && [ "${failed:-0}" = 0 ]; then failed=1; fi # a crash before vitest's summary is a failure too
echo
echo "test-all: finished in ${elapsed}s, npm test exit code ${status}"
echo "${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
[ "$checks" -eq 0 ] || echo "test-all: the type-check or the linter failed (see above)"
[ "$status" -ne 0 ] && exit "$status"
exit "$checks"
