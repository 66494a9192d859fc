#!/usr/bin/env bash
# `npm test`: the whole suite on a fresh machine — installs what is missing
# (npm packages, Debian's Chromium), type-checks, runs Jest against a fresh
# Auth emulator, then both Playwright projects against a production build.
# The production build runs in the background while tsc and Jest run (they
# leave much of the two cores idle), and Playwright then serves it as built.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ensure_deps
ensure_chromium
ensure_espeak
ensure_remotion_bundle

export TEST_DATA_DIR=".data/test-$$"
EMULATOR_PID=""
BUILD_PID=""
BUILD_LOG=".data/logs/test-app-build.log"
cleanup() { stop_pid "$BUILD_PID"; stop_pid "$EMULATOR_PID"; rm -rf "$TEST_DATA_DIR"; }
trap cleanup EXIT INT TERM

if [ -z "${BASE_URL:-}" ]; then
  log "building the test app in the background (log: $BUILD_LOG)…"
  mkdir -p "$(dirname "$BUILD_LOG")"
  # Its own process group (setsid), so stopping it stops next's workers too.
  setsid bash -c 'eval "$(npx tsx scripts/test-app-env.ts)" && exec npx next build --webpack' >"$BUILD_LOG" 2>&1 &
  BUILD_PID=$!
fi

# tsconfig.typecheck.json leaves out the build folders the build above rewrites.
log "type-checking…"
npx tsc --noEmit -p tsconfig.typecheck.json

start_auth_emulator 9199 firebase.test.json ".data/logs/auth-emulator-test.log"

log "unit and integration tests (Jest)…"
# Jest's default workers (one on two cores): tests/api/auth-api.test.ts clears
# the emulator's accounts, which a second worker's suites would lose.
FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 npx jest --ci

if [ -n "$BUILD_PID" ]; then
  log "waiting for the test app build…"
  if ! wait "$BUILD_PID"; then
    BUILD_PID=""
    tail -n 60 "$BUILD_LOG" >&2
    log "the test app build failed (full log: $BUILD_LOG)"
    exit 1
  fi
  BUILD_PID=""
  tail -n 3 "$BUILD_LOG" >&2
  export SKIP_BUILD=1
fi

log "Playwright: routes and e2e in Chromium…"
CI=${CI:-1} npx playwright test "$@"
