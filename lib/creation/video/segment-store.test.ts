/**
 * A video's segments in blob storage (the real local blob store in a temp
 * folder): saved and fetched by key under the video's folder, refused when
 * not an MP4 or not a segment key, and pruned to the latest render's keys
 * without touching the video's other files or another video's segments.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { blobSegmentStore, pruneSegments, segmentsPrefix } from "./segment-store";

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2"), randomBytes(256)]);
const key = (s: string) => createHash("sha256").update(s).digest("hex");

let dir: string;
let store: LocalBlobStore;
let file: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-segment-store-"));
  store = new LocalBlobStore({ root: path.join(dir, "blobs"), secret: randomBytes(32), urlPrefix: "/b" });
  file = path.join(dir, "segment.mp4");
  await fs.writeFile(file, MP4);
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

it("saves a segment under the video's folder and fetches it back; a missing one is false", async () => {
  const segments = blobSegmentStore(store, "u1", "v1");
  await segments.save(key("a"), file);
  expect((await store.list(segmentsPrefix("u1", "v1"))).map((b) => b.key)).toEqual([
    `videos/u1/v1/segments/${key("a")}.mp4`,
  ]);
  const out = path.join(dir, "out.mp4");
  expect(await segments.fetch(key("a"), out)).toBe(true);
  expect(await fs.readFile(out)).toEqual(MP4);
  expect(await segments.fetch(key("b"), path.join(dir, "none.mp4"))).toBe(false);
  // Another video's store does not see it.
  expect(await blobSegmentStore(store, "u1", "v2").fetch(key("a"), path.join(dir, "x.mp4"))).toBe(false);
});

it("refuses a file that is not an MP4 and a key that is not a segment key", async () => {
  const segments = blobSegmentStore(store, "u1", "v1");
  const text = path.join(dir, "note.txt");
  await fs.writeFile(text, "not a video at all");
  await expect(segments.save(key("a"), text)).rejects.toThrow();
  await expect(segments.save("../../../other/x", file)).rejects.toThrow(/not a segment key/);
  await expect(segments.fetch("ABC", path.join(dir, "y.mp4"))).rejects.toThrow(/not a segment key/);
  expect(await store.list("videos/")).toEqual([]);
});

it("prunes the video's segments to the latest render's keys and leaves everything else alone", async () => {
  const mine = blobSegmentStore(store, "u1", "v1");
  const other = blobSegmentStore(store, "u1", "v2");
  for (const k of ["a", "b", "c"]) await mine.save(key(k), file);
  await other.save(key("a"), file);
  await store.put("videos/u1/v1/r3-job.mp4", MP4, { allowedTypes: ["video/mp4"] });

  expect(await pruneSegments(store, "u1", "v1", [key("b"), key("z")])).toBe(2);
  expect((await store.list("videos/")).map((b) => b.key)).toEqual([
    "videos/u1/v1/r3-job.mp4",
    `videos/u1/v1/segments/${key("b")}.mp4`,
    `videos/u1/v2/segments/${key("a")}.mp4`,
  ]);
});
