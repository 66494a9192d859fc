/** The plan's "jobs at once" as the queue's per-owner running limit (job-limits.ts → lib/platform/jobs/fair.ts). */
import { users } from "@/lib/platform/db/collections";
import { registerOwnerLimit } from "@/lib/platform/jobs/fair";
import { claimJob, enqueueJob } from "@/lib/platform/jobs/queue";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { planJobsAtOnce, registerJobLimits } from "./job-limits";

let env: TestEnv;
beforeEach(() => void (env = openTestEnv()));
afterEach(async () => {
  registerOwnerLimit(null);
  await env.close();
});

it("a user's limit is their plan's jobs at once; system owners have none", async () => {
  await addUser(env.db, "free-user", 0);
  await addUser(env.db, "team-user", 0);
  await env.db.collection(users).doc("team-user").update({ plan: "team" });
  expect(await planJobsAtOnce("free-user", env.db)).toBe(3);
  expect(await planJobsAtOnce("team-user", env.db)).toBe(12);
  expect(await planJobsAtOnce("video-segments", env.db)).toBeNull();
});

it("registered, a free user's fourth job waits while three run, and a system owner's jobs do not", async () => {
  registerJobLimits();
  await addUser(env.db, "free-user", 0);
  const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  for (let i = 0; i < 5; i++) await enqueueJob(env.db, { type: "t.x", owner_id: "free-user", content_id: null }, t(i));
  for (let i = 0; i < 5; i++) await enqueueJob(env.db, { type: "t.x", owner_id: "webhooks", content_id: null }, t(i));
  const owners: string[] = [];
  for (let n = 0; n < 20; n++) {
    const job = await claimJob(env.db, {
      workerId: `w${n}`,
      leaseMs: 60_000,
      types: ["t.x"],
      now: t(10),
      cursor: { last: null },
      maxRunningPerOwner: null,
    });
    if (!job) break;
    owners.push(job.data.owner_id);
  }
  expect(owners.filter((o) => o === "free-user")).toHaveLength(3);
  expect(owners.filter((o) => o === "webhooks")).toHaveLength(5);
});
