#!/usr/bin/env bash
# `npm test`: the whole suite on a fresh machine — installs what is missing
# (npm packages, Debian's Chromium), type-checks and lints, runs Jest against a
# fresh Auth emulator, then both Playwright projects against a production build;
# ends with the time of each phase and any Playwright test that passed only on a retry.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

export TEST_DATA_DIR=".data/test-$$"
EMULATOR_PID=""
# Each phase's wall time, printed at the end (also when a phase fails).
PHASES=()
PHASE="" PHASE_T0=$SECONDS
phase() {
  if [ -n "$PHASE" ]; then PHASES+=("$(printf '%4ds  %s' $((SECONDS - PHASE_T0)) "$PHASE")"); fi
  PHASE=$1 PHASE_T0=$SECONDS
  if [ -n "$PHASE" ]; then log "$PHASE…"; fi
}
summary() {
  phase ""
  log "time per phase (total $((SECONDS / 60)) min $((SECONDS % 60)) s):"
  local p
  for p in ${PHASES[@]+"${PHASES[@]}"}; do log "  $p"; done
}
BUILD_PID=""
cleanup() { stop_pid "$BUILD_PID"; stop_pid "$EMULATOR_PID"; rm -rf "$TEST_DATA_DIR"; summary; }
trap cleanup EXIT
trap 'exit 130' INT TERM

phase "installing what is missing"
ensure_deps
ensure_chromium
ensure_espeak
ensure_ffmpeg
ensure_redis
ensure_remotion_bundle

# The formatter decides layout (Biome, biome.json): a file it would change fails the run (`npm run format` fixes it).
phase "formatting (Biome)"
npx biome format .

# tsc and ESLint each use one core: side by side on two cores. tsconfig.typecheck.json (the sources only, not
# the build folders' generated types) is incremental (tsconfig.typecheck.tsbuildinfo); ESLint keeps a cache of
# the files it passed in .eslintcache (a clean clone has neither, so CI always checks everything). `npm run lint`
# is ESLint (Next's rules, jsx-a11y, the regex guards, the layer boundaries) and then the folder-cycle check.
# The test app's production build (Playwright serves it) takes about two minutes of mostly one core: it runs in
# the background from here, beside the type-check, the lint and Jest (half of whose time is waiting on I/O).
mkdir -p .data/logs
BUILD_LOG=.data/logs/test-app-build.log
npx tsx scripts/build-test-app.ts >"$BUILD_LOG" 2>&1 &
BUILD_PID=$!

phase "type-checking and linting (the test app builds alongside)"
npx tsc --noEmit -p tsconfig.typecheck.json &
TSC_PID=$!
npm run lint --silent &
LINT_PID=$!
TSC_RC=0 LINT_RC=0
wait "$TSC_PID" || TSC_RC=$?
wait "$LINT_PID" || LINT_RC=$?
if [ "$TSC_RC" != 0 ] || [ "$LINT_RC" != 0 ]; then
  log "type-check exit $TSC_RC, lint exit $LINT_RC"
  exit 1
fi

phase "starting the Auth emulator"
start_auth_emulator 9199 firebase.test.json ".data/logs/auth-emulator-test.log"

phase "unit and integration tests (Jest)"
# Two workers: suites share the emulator but each uses addresses of its own
# (nothing clears its accounts), and half of Jest's time is waiting on I/O.
FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 npx jest --ci --maxWorkers=2

phase "waiting for the test app's build"
BUILD_RC=0
wait "$BUILD_PID" || BUILD_RC=$?
BUILD_PID=""
if [ "$BUILD_RC" != 0 ]; then
  tail -n 60 "$BUILD_LOG" >&2
  log "the test app's build failed (exit $BUILD_RC; whole log: $BUILD_LOG)"
  exit 1
fi

phase "Playwright: routes and e2e in Chromium"
PW_RC=0
CI=${CI:-1} SKIP_BUILD=1 npx playwright test "$@" || PW_RC=$?
# Any test that passed only on its retry, by name: a new flake is seen even in a green run.
node scripts/flaky-tests.mjs test-results/results.json
exit "$PW_RC"
