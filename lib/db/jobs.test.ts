/** Job type routing: each domain's worker claims only its own job types, expired leases included. */
import { enqueueJob, claimJob } from "./jobs";
import { openTestEnv, type TestEnv } from "@/lib/images/testing/fixtures";

let env: TestEnv;
beforeEach(() => void (env = openTestEnv()));
afterEach(() => env.close());

it("claims only the types asked for, oldest first, and everything when no types are given", async () => {
  const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  const image = await enqueueJob(env.db, { type: "image.generate", owner_id: "u", content_id: null }, t(1));
  const video = await enqueueJob(env.db, { type: "video.render", owner_id: "u", content_id: null }, t(2));
  const other = await enqueueJob(env.db, { type: "page.publish", owner_id: "u", content_id: null }, t(3));
  const v = await claimJob(env.db, { workerId: "v", leaseMs: 1000, types: ["video.render"], now: t(10) });
  expect(v?.id).toBe(video);
  expect(await claimJob(env.db, { workerId: "v", leaseMs: 1000, types: ["video.render"], now: t(11) })).toBeNull();
  const i = await claimJob(env.db, { workerId: "i", leaseMs: 1000, types: ["image.generate", "image.edit"], now: t(12) });
  expect(i?.id).toBe(image);
  expect((await claimJob(env.db, { workerId: "any", leaseMs: 1000, now: t(13) }))?.id).toBe(other);
  // The video worker died: its expired lease goes to another video worker, never to the image worker.
  expect(await claimJob(env.db, { workerId: "i2", leaseMs: 1000, types: ["image.generate"], now: t(30) })).toMatchObject({ id: image });
  const taken = await claimJob(env.db, { workerId: "v2", leaseMs: 1000, types: ["video.render"], now: t(31) });
  expect(taken).toMatchObject({ id: video, data: { worker_id: "v2", attempts: 2 } });
});

describe("workerPollMs", () => {
  const { workerPollMs } = jest.requireActual<typeof import("./jobs")>("./jobs");
  it("reads WORKER_POLL_MS within 50–10,000 ms, else the fallback", () => {
    expect(workerPollMs({ WORKER_POLL_MS: "200" })).toBe(200);
    expect(workerPollMs({})).toBe(1000);
    expect(workerPollMs({ WORKER_POLL_MS: "5" })).toBe(1000);
    expect(workerPollMs({ WORKER_POLL_MS: "abc" }, 700)).toBe(700);
  });
});
