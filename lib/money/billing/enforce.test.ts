/** Plan limits where work is accepted: which refusal, with which status, naming which limit and how to lift it. */
import { ApiError } from "@/lib/platform/api/errors";
import { jobs, users } from "@/lib/platform/db/collections";
import { enqueueJob } from "@/lib/platform/jobs/queue";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { assertWithinPlan, type WorkRequest } from "./enforce";
import type { PlanId } from "./plans";

let env: TestEnv;
beforeEach(async () => {
  env = openTestEnv();
  await addUser(env.db, "u1", 100);
});
afterEach(() => env.close());

const onPlan = (plan: PlanId) => env.db.collection(users).doc("u1").update({ plan });
const check = (a: Omit<WorkRequest, "db" | "uid">) =>
  env.db.runTransaction((tx) => assertWithinPlan(tx, { db: env.db, uid: "u1", ...a }));
const refusal = (a: Omit<WorkRequest, "db" | "uid">) =>
  check(a).then(
    () => null,
    (e: unknown) => e as ApiError,
  );
const queueJobs = async (n: number) => {
  for (let i = 0; i < n; i++) await enqueueJob(env.db, { type: "video.render", owner_id: "u1", content_id: null });
};

test("within the plan: the plan and its limits come back (the renderer reads the watermark flag)", async () => {
  await expect(check({ kind: "video", seconds: 30, resolution: { width: 1280, height: 720 } })).resolves.toEqual({
    plan: "free",
    limits: { concurrentJobs: 3, maxVideoSeconds: 30, maxResolution: 720, watermark: true },
  });
  await onPlan("pro");
  await expect(
    check({ kind: "video", seconds: 180, resolution: { width: 1080, height: 1920 } }),
  ).resolves.toMatchObject({ plan: "pro", limits: { watermark: false } });
});

test("a video longer than the plan allows is a 402 naming the limit and the plan that lifts it", async () => {
  const err = await refusal({ kind: "video", seconds: 45 });
  expect(err).toBeInstanceOf(ApiError);
  expect(err!.status).toBe(402);
  expect(err!.code).toBe("plan_limit");
  expect(err!.message).toMatch(
    /^Videos longer than 30 seconds need the Pro plan: the Free plan renders up to 30 seconds and this one is 45 seconds\./,
  );
  expect(err!.message).toMatch(/upgrade to Pro \(up to 3 minutes\) on the Subscription page/);
  await onPlan("pro");
  expect((await refusal({ kind: "video", seconds: 400 }))!.message).toMatch(/upgrade to Team \(up to 10 minutes\)/);
});

test("longer than any plan allows is a 403: paying would not help", async () => {
  const err = await refusal({ kind: "video", seconds: 900 });
  expect(err!.status).toBe(403);
  expect(err!.message).toMatch(/at most 10 minutes on any plan and this one is 15 minutes/);
  await onPlan("team");
  expect((await refusal({ kind: "video", seconds: 601 }))!.status).toBe(403);
});

test("resolution: the short side is compared, 402 with the plan that allows it, 403 beyond 4K", async () => {
  const err = await refusal({ kind: "video", resolution: { width: 1920, height: 1080 } });
  expect(err!.status).toBe(402);
  expect(err!.message).toMatch(
    /^Renders larger than 720p need the Pro plan: the Free plan renders up to 720p and 1920×1080 is larger\./,
  );
  expect(err!.message).toMatch(/upgrade to Pro \(up to 1080p\)/);
  expect((await refusal({ kind: "video", resolution: { width: 3840, height: 2160 } }))!.message).toMatch(
    /upgrade to Team \(up to 4K\)/,
  );
  expect((await refusal({ kind: "video", resolution: { width: 7680, height: 4320 } }))!.status).toBe(403);
  await onPlan("team");
  await expect(check({ kind: "video", resolution: { width: 3840, height: 2160 } })).resolves.toMatchObject({
    plan: "team",
  });
});

test("nonsense sizes and lengths are 422, not a pass", async () => {
  expect((await refusal({ kind: "video", seconds: -3 }))!.status).toBe(422);
  expect((await refusal({ kind: "video", seconds: Number.NaN }))!.status).toBe(422);
  expect((await refusal({ kind: "video", resolution: { width: 0, height: 720 } }))!.status).toBe(422);
});

test("the concurrent-job cap follows the plan: 3 on Free (naming Pro's 6), 6 on Pro", async () => {
  await queueJobs(3);
  const err = await refusal({ kind: "image" });
  expect([err!.status, err!.headers?.["Retry-After"]]).toEqual([429, "5"]);
  expect(err!.message).toMatch(
    /3 jobs in progress, the most the Free plan runs at once\. .*upgrade to Pro to run 6 at once/,
  );
  await onPlan("pro");
  await expect(check({ kind: "video", seconds: 10 })).resolves.toMatchObject({ plan: "pro" });
  await queueJobs(3);
  expect((await refusal({ kind: "image" }))!.message).toMatch(/6 jobs in progress, the most the Pro plan/);
  // Finished jobs do not count.
  const one = (await env.db.collection(jobs).where("owner_id", "==", "u1").limit(1).get())[0]!;
  await env.db.collection(jobs).doc(one.id).update({ state: "succeeded" });
  await expect(check({ kind: "image" })).resolves.toMatchObject({ plan: "pro" });
});

test("an unknown user is a 404", async () => {
  const err = await env.db
    .runTransaction((tx) => assertWithinPlan(tx, { db: env.db, uid: "ghost", kind: "image" }))
    .catch((e) => e);
  expect((err as ApiError).status).toBe(404);
});
