import { compositions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion } from "@/lib/engine/composition/library";
import { jobs } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { median, templateDashboard } from "./dashboard";
import { sampleComposition } from "./sample";

let env: TestEnv;
const now = new Date("2026-11-23T10:00:00.000Z");
beforeEach(async () => {
  env = openTestEnv();
  await ensureStarterLibrary(env.db, now);
});
afterEach(async () => env.close());

async function content(id: string, templateId: string, at: string) {
  const tv = (await getTemplateVersion(env.db, templateId, 1))!;
  await env.db
    .collection(compositions)
    .doc(id)
    .create({
      ...sampleComposition({ templateId, version: 1, body: tv, ratio: "1:1" }),
      owner_id: "u1",
      created_at: at,
      updated_at: at,
    });
}

async function job(
  contentId: string,
  state: "succeeded" | "failed",
  created: string,
  updated: string,
  error: string | null = null,
) {
  await env.db.collection(jobs).doc().create({
    type: "video.render",
    owner_id: "u1",
    content_id: contentId,
    state,
    progress: 1,
    attempts: 1,
    max_attempts: 3,
    error,
    worker_id: null,
    lease_expires_at: null,
    input: {},
    created_at: created,
    updated_at: updated,
  });
}

it("counts content, renders, failures with reasons, median render time and last use per template", async () => {
  await content("c1", "starter-bold", "2026-11-20T09:00:00.000Z");
  await content("c2", "starter-bold", "2026-11-22T09:00:00.000Z");
  await content("c3", "starter-elegant", "2026-11-21T09:00:00.000Z");
  await job("c1", "succeeded", "2026-11-20T09:00:00.000Z", "2026-11-20T09:00:10.000Z");
  await job("c2", "succeeded", "2026-11-22T09:00:00.000Z", "2026-11-22T09:00:30.000Z");
  await job("c2", "failed", "2026-11-22T10:00:00.000Z", "2026-11-22T10:00:05.000Z", "The browser crashed");
  await job("c1", "failed", "2026-11-22T11:00:00.000Z", "2026-11-22T11:00:05.000Z", "The browser crashed");
  const d = await templateDashboard({ db: env.db, now: () => now });
  const bold = d.rows.find((r) => r.id === "starter-bold")!;
  expect(bold).toMatchObject({
    content: 2,
    renders: 4,
    failures: 2,
    median_render_ms: 20_000,
    last_used: "2026-11-22T09:00:00.000Z",
    reasons: [{ reason: "The browser crashed", count: 2 }],
  });
  expect(d.rows.find((r) => r.id === "starter-elegant")).toMatchObject({
    content: 1,
    renders: 0,
    median_render_ms: null,
  });
  expect(d.rows.find((r) => r.id === "starter-playful")).toMatchObject({ content: 0, last_used: null });
  expect(d.days).toHaveLength(30);
  expect(d.days.find((x) => x.day === "2026-11-22")).toMatchObject({
    content: { "starter-bold": 1 },
    renders: { "starter-bold": 3 },
    failures: { "starter-bold": 2 },
  });
});

it("takes the median of an even count as the mean of the middle two", () => {
  expect(median([])).toBeNull();
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(3);
});
