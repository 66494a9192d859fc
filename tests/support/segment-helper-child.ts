/**
 * A second render worker in its own process, for tests that kill it: it
 * opens the test's store and blob folder, runs the segment helper job type
 * (lib/creation/video/segment-job.ts) with a real local renderer, and says
 * on stdout when it claims a segment, so the test can SIGKILL it mid-segment.
 * It exits by itself once the test process (`parent pid`) is gone.
 * Usage: tsx --conditions=react-server tests/support/segment-helper-child.ts <sqlite file> <blob root> <claim lease ms> <parent pid>
 */
import { randomBytes } from "node:crypto";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { allCollections } from "@/lib/registry/collections";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { blobSegmentStore } from "@/lib/creation/video/segment-store";
import { createSegmentHelperWorker } from "@/lib/creation/video/segment-job";

const [file, root, lease, parent] = process.argv.slice(2);
setInterval(() => {
  try {
    process.kill(Number(parent), 0);
  } catch {
    process.exit(1);
  }
}, 1000).unref();
const db = new Db(new EmbeddedDriver({ file: file!, collections: allCollections }), allCollections);
const store = new LocalBlobStore({ root: root!, secret: randomBytes(32), urlPrefix: "/api/v1/blobs" });
const renderer = new LocalRenderer();
const helper = createSegmentHelperWorker({
  db,
  renderer: () =>
    ({
      ...renderer,
      kind: renderer.kind,
      segmentConcurrency: renderer.segmentConcurrency,
      segmentEncoder: renderer.segmentEncoder,
      renderSegment: (i) => {
        console.log(`rendering ${i.segment.key}`);
        return renderer.renderSegment(i);
      },
    }) as typeof renderer,
  segmentStore: (v) => blobSegmentStore(store, v.ownerId, v.contentId),
  claimLeaseMs: Number(lease),
  log: (msg, err) => console.error(msg, err ?? ""),
});
console.log(`ready ${process.pid}`);
void (async () => {
  for (;;) {
    const r = await helper.processNext();
    if (r) console.log(`finished ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
})();
