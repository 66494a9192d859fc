#!/usr/bin/env bash
# Builds and serves the app for the Playwright suites (a production build in
# its own folder, so a dev server can keep running beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
: "${NEXT_DIST_DIR:=.next-test}" "${PORT:=3100}"
export NEXT_DIST_DIR
# Emulator mode (the local suites) listens on localhost only, as `npm start` does.
choose_bind_host "$([ -n "${FIREBASE_AUTH_EMULATOR_HOST:-}" ] && echo emulator || echo project)"
rm -rf "${DATA_DIR:?}"
mkdir -p "$DATA_DIR"
if [ "${SKIP_BUILD:-}" != "1" ]; then
  npx next build --webpack
fi
log "$BIND_NOTE"
# Idle connections stay open 65 s, not Node's 5 s: Playwright's request context reuses an idle socket, and on a busy
# machine the server's close could cross the next request on it (read ECONNRESET in a test that did nothing wrong).
exec npx next start -p "$PORT" --keepAliveTimeout 65000 ${BIND_ARGS[@]+"${BIND_ARGS[@]}"}
