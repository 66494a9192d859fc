#!/usr/bin/env bash
# Builds and serves the app for the Playwright suites (a production build in
# its own folder, so a dev server can keep running beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${NEXT_DIST_DIR:=.next-test}" "${PORT:=3100}"
export NEXT_DIST_DIR
rm -rf "${DATA_DIR:?}"
mkdir -p "$DATA_DIR"
if [ "${SKIP_BUILD:-}" != "1" ]; then
  npx next build --webpack
fi
exec npx next start -p "$PORT"
