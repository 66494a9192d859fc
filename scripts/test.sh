#!/usr/bin/env bash
# `npm test`: the whole suite on a fresh machine — installs what is missing
# (npm packages, Debian's Chromium), type-checks, runs Jest against a fresh
# Auth emulator, then both Playwright projects against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ensure_deps
ensure_chromium
ensure_espeak
ensure_redis
ensure_remotion_bundle

export TEST_DATA_DIR=".data/test-$$"
EMULATOR_PID=""
cleanup() { stop_pid "$EMULATOR_PID"; rm -rf "$TEST_DATA_DIR"; }
trap cleanup EXIT INT TERM

# tsconfig.typecheck.json: the sources only, not the build folders' generated types.
log "type-checking…"
npx tsc --noEmit -p tsconfig.typecheck.json
npm run lint --silent

start_auth_emulator 9199 firebase.test.json ".data/logs/auth-emulator-test.log"

log "unit and integration tests (Jest)…"
# Two workers: suites share the emulator but each uses addresses of its own
# (nothing clears its accounts), and half of Jest's time is waiting on I/O.
FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 npx jest --ci --maxWorkers=2

log "Playwright: routes and e2e in Chromium…"
CI=${CI:-1} npx playwright test "$@"
