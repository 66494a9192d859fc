#!/usr/bin/env bash
# Shared steps of the start and test scripts: a fresh machine has nothing but
# Node and npm, so these install and start whatever the app needs.

log() { printf '\033[1;36m[promptframe]\033[0m %s\n' "$*" >&2; }

# Installs packages when node_modules is missing or older than the manifests.
# `npm install` rather than `npm ci`: the lock file this registry mirror writes
# omits other platforms' optional binaries, which `npm ci` rejects as out of sync.
ensure_deps() {
  if [ ! -f node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ] \
    || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing dependencies (the first time takes a few minutes)…"
    npm install --no-audit --no-fund --loglevel=error
  fi
}

# build_if_stale DIST_DIR: a production build of the current sources in DIST_DIR
# (`next build` shows its own progress); skipped when the stamp says it is fresh.
build_if_stale() {
  local dist=${1:-.next}
  if NEXT_DIST_DIR="$dist" npx tsx scripts/build-stamp.ts check "$dist"; then
    log "production build in ${dist} is up to date"
    return 0
  fi
  log "building the app for production (a few minutes the first time; again only when the sources change)…"
  # Type-checking is the test command's job (`npm test` runs tsc first).
  NEXT_DIST_DIR="$dist" NEXT_TELEMETRY_DISABLED=1 NEXT_SKIP_TYPECHECK=1 npx next build --webpack
  NEXT_DIST_DIR="$dist" npx tsx scripts/build-stamp.ts write "$dist"
}

# Debian's Chromium for Playwright and the video renderer (browsers cannot be downloaded here).
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  log "installing Debian's Chromium for the browser tests…"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}

# Debian's eSpeak NG: the offline speech engine behind the narration voices.
ensure_espeak() {
  if [ -x /usr/bin/espeak-ng ]; then return; fi
  log "installing Debian's eSpeak NG for offline narration…"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq espeak-ng >/dev/null
}

# Debian's ffmpeg: test fixtures only (the stock stand-in's testsrc clip, silencedetect on spoken words);
# the app itself uses the ffmpeg that ships with Remotion's compositor.
ensure_ffmpeg() {
  if [ -x /usr/bin/ffmpeg ]; then return; fi
  log "installing Debian's ffmpeg for the test fixtures…"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ffmpeg >/dev/null
}

# Debian's Redis: the rate-limit store's (and later the queue's) Redis driver is
# tested against a real server the tests start themselves on a free port.
ensure_redis() {
  if [ -x /usr/bin/redis-server ]; then return; fi
  log "installing Debian's Redis for the Redis-backed tests…"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq redis-server >/dev/null
}

# The Remotion bundle the local renderer serves (.remotion/bundle) and the font
# files it and the browser Player load (public/fonts, so before `next build`):
# both gitignored, made from the sources; a no-op (about a second) when current.
ensure_remotion_bundle() {
  npx tsx scripts/bundle-remotion.ts | while IFS= read -r line; do log "$line"; done
  return "${PIPESTATUS[0]}"
}

# wait_for URL SECONDS
wait_for() {
  local url=$1 seconds=${2:-60} i
  for ((i = 0; i < seconds * 2; i++)); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  return 1
}

# start_auth_emulator PORT CONFIG LOGFILE [extra firebase args…]: starts the
# Firebase Auth emulator unless one already answers on PORT; sets EMULATOR_PID.
start_auth_emulator() {
  local port=$1 config=$2 logfile=$3; shift 3
  EMULATOR_PID=""
  if curl -fsS -o /dev/null "http://127.0.0.1:${port}/" 2>/dev/null; then
    log "Auth emulator already running on :${port}"
    return 0
  fi
  mkdir -p "$(dirname "$logfile")"
  log "starting the Firebase Auth emulator on :${port} (log: ${logfile})…"
  # Its own process group, so stopping it also stops the Java-free node
  # process that npx starts below it.
  setsid npx firebase emulators:start --only auth --project demo-promptframe --config "$config" "$@" >"$logfile" 2>&1 &
  EMULATOR_PID=$!
  if ! wait_for "http://127.0.0.1:${port}/" 90; then
    log "the Auth emulator did not start; its log:"
    tail -n 40 "$logfile" >&2
    return 1
  fi
}

# choose_bind_host emulator|project: where `next start` listens (scripts/bind-host.ts).
# Emulator mode trusts unsigned tokens, so it serves on localhost unless both
# HOST and ALLOW_REMOTE_EMULATOR=1 ask otherwise (then it warns); fails when
# only HOST does. Sets BIND_ARGS (next start's -H, maybe empty) and BIND_NOTE.
choose_bind_host() {
  local out
  out=$(node --import tsx scripts/bind-host.ts "$1") || return 1
  local host=${out%%$'\n'*}
  BIND_NOTE=${out#*$'\n'}
  BIND_ARGS=()
  if [ -n "$host" ]; then BIND_ARGS=(-H "$host"); fi
}

# Stops a process started by start_auth_emulator, with its whole process group.
stop_pid() {
  local pid=${1:-}
  [ -n "$pid" ] || return 0
  kill -TERM -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
