/**
 * Issue 21 item 16: GET /api/v1/notifications lists the caller's own finished renders and exports, newest first,
 * with a link to each, and how many of their jobs still run; never another person's work.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-notifications-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let route: typeof import("@/app/api/v1/notifications/route");
let alice: TestUser;
let bob: TestUser;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function item(a: { id: string; owner: string; kind: "video" | "design"; title: string }) {
  const { getDb } = await import("@/lib/platform/db");
  const { content } = await import("@/lib/platform/db/collections");
  await getDb()
    .collection(content)
    .doc(a.id)
    .create({
      owner_id: a.owner,
      kind: a.kind,
      title: a.title,
      status: "ready",
      visibility: "private",
      settings: {},
      blobs: { original: null, thumbnail: null, poster: null },
      error: null,
      created_at: minutesAgo(60),
      updated_at: minutesAgo(1),
    });
}

async function job(a: { id: string; owner: string; type: string; contentId: string; state: string; at: string }) {
  const { getDb } = await import("@/lib/platform/db");
  const { jobs } = await import("@/lib/platform/db/collections");
  await getDb()
    .collection(jobs)
    .doc(a.id)
    .create({
      type: a.type,
      owner_id: a.owner,
      content_id: a.contentId,
      state: a.state as "succeeded",
      progress: a.state === "succeeded" ? 1 : 0,
      attempts: 1,
      max_attempts: 3,
      error: a.state === "failed" ? "it broke" : null,
      worker_id: null,
      lease_expires_at: null,
      input: {},
      created_at: a.at,
      updated_at: a.at,
    });
}

beforeAll(async () => {
  route = await import("@/app/api/v1/notifications/route");
  [alice, bob] = await Promise.all([newUser("notify-alice"), newUser("notify-bob")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const read = async (token?: string) => json(await route.GET(req("/api/v1/notifications", { token }), noParams));

it("answers 401 signed out", async () => {
  expect((await read()).status).toBe(401);
});

it("lists my finished renders and exports with links, newest first, and counts what still runs", async () => {
  await item({ id: "vid_alice_1", owner: alice.uid, kind: "video", title: "Spring sale" });
  await item({ id: "des_alice_1", owner: alice.uid, kind: "design", title: "Bakery poster" });
  await job({
    id: "job_a1",
    owner: alice.uid,
    type: "video.render",
    contentId: "vid_alice_1",
    state: "succeeded",
    at: minutesAgo(5),
  });
  await job({
    id: "job_a2",
    owner: alice.uid,
    type: "design.render",
    contentId: "des_alice_1",
    state: "failed",
    at: minutesAgo(2),
  });
  await job({
    id: "job_a3",
    owner: alice.uid,
    type: "video.render",
    contentId: "vid_alice_1",
    state: "running",
    at: minutesAgo(1),
  });

  const { status, body } = await read(alice.token);
  expect(status).toBe(200);
  expect(body.data.active).toBe(1);
  expect(body.data.items).toEqual([
    {
      id: "job:job_a2",
      kind: "design",
      outcome: "failed",
      title: "Your design “Bakery poster” did not export",
      href: "/content/des_alice_1",
      finished_at: expect.any(String),
    },
    {
      id: "job:job_a1",
      kind: "video",
      outcome: "succeeded",
      title: "Your video “Spring sale” is ready",
      href: "/videos/vid_alice_1",
      finished_at: expect.any(String),
    },
  ]);
});

it("never tells me of another person's work, even through a job that names their item", async () => {
  await item({ id: "vid_bob_1", owner: bob.uid, kind: "video", title: "Bob's secret launch" });
  await job({
    id: "job_b1",
    owner: bob.uid,
    type: "video.render",
    contentId: "vid_bob_1",
    state: "succeeded",
    at: minutesAgo(1),
  });
  // A job of Alice's pointing at Bob's item (it cannot happen through the API): still not a way to read Bob's title.
  await job({
    id: "job_a9",
    owner: alice.uid,
    type: "video.render",
    contentId: "vid_bob_1",
    state: "succeeded",
    at: minutesAgo(1),
  });

  const alices = (await read(alice.token)).body.data;
  expect(JSON.stringify(alices)).not.toMatch(/Bob's secret launch|vid_bob_1|job_b1/);
  const bobs = (await read(bob.token)).body.data;
  expect(bobs.active).toBe(0);
  expect(bobs.items.map((i: { id: string }) => i.id)).toEqual(["job:job_b1"]);
  expect(JSON.stringify(bobs)).not.toMatch(/Spring sale|Bakery poster/);
});
