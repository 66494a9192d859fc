#!/usr/bin/env bash
# `npm start`: runs Promptframe on the embedded default (Firebase Auth emulator,
# SQLite under .data/) — or on a real Firebase project when .env.local names one.
# It serves a production build: built now when there is none or the sources
# changed since the last one (scripts/build-stamp.ts); `npm run dev` is the
# development server. In emulator mode it listens on localhost only (HOST and
# ALLOW_REMOTE_EMULATOR=1 together serve it elsewhere, with a warning).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ensure_deps
ensure_espeak
ensure_chromium  # renders videos too
ensure_remotion_bundle
PORT=${PORT:-3000}
export DATA_DIR=${DATA_DIR:-.data}
mkdir -p "$DATA_DIR"

real_project=""
if [ -n "${FIREBASE_PROJECT_ID:-}" ] || grep -qsE '^FIREBASE_PROJECT_ID=.+' .env.local; then real_project=1; fi

# Emulator mode trusts unsigned tokens: it listens on localhost unless HOST and
# ALLOW_REMOTE_EMULATOR=1 both say otherwise. Decided before the build, so a
# refused HOST fails at once.
choose_bind_host "$([ -z "$real_project" ] && echo emulator || echo project)"

if [ -z "$real_project" ]; then
  export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099
  export FIREBASE_PROJECT_ID=demo-promptframe NEXT_PUBLIC_FIREBASE_PROJECT_ID=demo-promptframe
  export COMPANY_EMAIL_DOMAINS=${COMPANY_EMAIL_DOMAINS:-promptframe.ai}
  export IMAGE_GEN_HOSTS=${IMAGE_GEN_HOSTS:-images.localhost}
fi

# The browser bundles inline NEXT_PUBLIC_* values, so the build follows the exports above.
build_if_stale .next

EMULATOR_PID=""
cleanup() { stop_pid "$EMULATOR_PID"; }
trap cleanup EXIT INT TERM

if [ -z "$real_project" ]; then
  # Accounts survive restarts: the emulator imports and exports its data here.
  import_args=(--export-on-exit "$DATA_DIR/auth-emulator")
  [ -d "$DATA_DIR/auth-emulator" ] && import_args+=(--import "$DATA_DIR/auth-emulator")
  start_auth_emulator 9099 firebase.json "$DATA_DIR/logs/auth-emulator.log" "${import_args[@]}"
  npx tsx scripts/seed-accounts.ts
fi

log "Promptframe: http://localhost:${PORT}   (alternate image host: http://images.localhost:${PORT})"
log "$BIND_NOTE"
NEXT_TELEMETRY_DISABLED=1 npx next start -p "$PORT" ${BIND_ARGS[@]+"${BIND_ARGS[@]}"}
