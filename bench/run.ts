/**
 * `npm run bench`: every benchmark of the project, one after another.
 * Benchmarks measure; tests never time anything. `react-server` lets modules
 * that import "server-only" load outside Next.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

// web.ts builds and serves the app and the bare baselines itself (writes the README's bench:web table).
// clips.ts renders the same 30 s 720p video with two clip scenes and with still pictures (render speed of clips).
// render.ts renders videos with the local driver (about 20 minutes; writes the README's bench:render table).
// preview.ts makes the quick preview of video.ts's 30 s video (the README's bench:preview table).
// segments.ts renders the bench:video video in full, after a one-scene edit and after a kill at 60% (the README's bench:segments table).
// scale.ts: app and worker processes sharing one store, 1,000 small jobs from 20 users, one heavy, on the embedded queue
//   and on BullMQ (its own redis-server) (about 11 minutes each, 6 rounds; the README's bench:scale:<driver> tables).
// counters.ts: the dashboards' reads from counters against the scans they replaced, on 20,000 records.
// frame-capture.ts: ms per distinct frame, Remotion's own capture against the direct loop (same pixels).
// captions.ts renders the same video once per caption preset (about 5 minutes; the README's bench:captions table).
const BENCHES: (string | [string, ...string[]])[] = [
  "db.ts",
  "counters.ts",
  "images.ts",
  "update-log.ts",
  "scale.ts",
  ["scale.ts", "--driver", "bullmq"],
  "local-model.ts",
  "audio.ts",
  "web.ts",
  "render.ts",
  "captions.ts",
  "video.ts",
  "preview.ts",
  "segments.ts",
  "clips.ts",
  "frame-capture.ts",
];

// The Remotion bundle the render benches serve from, built (or found current) first, as scripts/test.sh does: the
// bundler cannot run under the react-server condition the benches need, so a fresh checkout would fail there.
const bundled = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(__dirname, "..", "scripts", "bundle-remotion.ts")],
  {
    stdio: "inherit",
  },
);
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

for (const bench of BENCHES) {
  const [file, ...args] = typeof bench === "string" ? [bench] : bench;
  console.log(`\n== bench/${[file, ...args].join(" ")}`);
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(__dirname, file), ...args],
    { stdio: "inherit" },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
