import { LOCAL_LANGUAGE_MODEL_ID, type LocalResponder } from "@/lib/platform/ai/language/local-language-model";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { ApiError } from "@/lib/platform/api/errors";
import { layouts } from "@/lib/engine/composition/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { updateLog } from "@/lib/platform/update-log/collections";
import { localLayoutResponder } from "./local-layouts";
import { ensureDemoCandidates, generateLayouts, listGenerated, reviewGenerated } from "./service";

let env: TestEnv;
beforeEach(() => {
  env = openTestEnv();
});
afterEach(() => env.close());

const BRIEF = "A product hero with price badge, three bullet points, logo bottom right";
const deps = () => ({ db: env.db, now: () => new Date("2026-03-01T10:00:00Z") });
const logOf = async (id: string) =>
  (await env.db.collection(updateLog).where("entity_id", "==", id).get()).map((r) => r.data);

describe("generating layouts", () => {
  it("saves each usable candidate pending review, records one structured call each and logs the creation", async () => {
    const result = await generateLayouts(deps(), {
      userId: "staff1",
      brief: BRIEF,
      count: 2,
      modelId: LOCAL_LANGUAGE_MODEL_ID,
      env: {},
    });
    expect(result).toMatchObject({ model_id: LOCAL_LANGUAGE_MODEL_ID, model_label: "Local preview", preview: true });
    expect(result.candidates.map((c) => c.status)).toEqual(["saved", "saved"]);
    const saved = result.candidates.flatMap((c) => (c.status === "saved" ? [c.layout] : []));
    expect(saved.map((l) => l.id)).toEqual([`gen-${result.batch_id}-1`, `gen-${result.batch_id}-2`]);
    expect(saved[0]).toMatchObject({
      stage: "draft",
      revision: 0,
      generation: { status: "pending", brief: BRIEF, model_id: LOCAL_LANGUAGE_MODEL_ID, batch_id: result.batch_id },
    });
    const calls = (await env.db.collection(functionCalls).get()).map((r) => r.data);
    expect(calls).toHaveLength(2);
    expect(
      calls.every(
        (c) =>
          c.feature === "layout.generator" &&
          c.kind === "structured" &&
          c.valid &&
          c.ref_id === result.batch_id &&
          c.owner_id === "staff1",
      ),
    ).toBe(true);
    expect(calls[0]!.output_tokens).toBeGreaterThan(0);
    expect((await logOf(saved[0]!.id)).map((e) => e.action)).toEqual(["generate"]);
    expect((await listGenerated(deps(), { status: "pending", batch: result.batch_id })).map((l) => l.id)).toEqual(
      saved.map((l) => l.id),
    );
  });

  it("repairs a broken answer, refuses an unusable one, records both as invalid and saves only the usable one", async () => {
    let n = 0;
    const broken: LocalResponder = (call) => {
      const good = JSON.parse(localLayoutResponder(call).text!);
      if (n++ === 0) {
        good.slots[1].fit.minFontPx = 200; // larger than its maximum
        good.slots[1].fit.maxFontPx = 60;
        return { text: JSON.stringify(good) };
      }
      return { text: '{"name": "half a layout", "slots": [' };
    };
    const result = await generateLayouts(deps(), {
      userId: "staff1",
      brief: BRIEF,
      count: 2,
      modelId: LOCAL_LANGUAGE_MODEL_ID,
      env: {},
      local: broken,
    });
    const [first, second] = result.candidates;
    expect(first).toMatchObject({ status: "saved" });
    expect(first!.repairs.join(" ")).toMatch(/swapped/);
    expect(second).toMatchObject({ status: "rejected", reason: "The answer was not JSON." });
    const calls = (await env.db.collection(functionCalls).get()).map((r) => r.data);
    expect(calls.map((c) => [c.valid, c.error_kind])).toEqual([
      [false, "schema"],
      [false, "schema"],
    ]);
    expect(await env.db.collection(layouts).count()).toBe(1);
  });

  it("refuses a model that is not configured, changing nothing", async () => {
    await expect(
      generateLayouts(deps(), { userId: "s", brief: BRIEF, count: 1, modelId: "openai/gpt-4.1-mini", env: {} }),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
    expect(await env.db.collection(functionCalls).count()).toBe(0);
  });
});

describe("reviewing candidates", () => {
  async function one() {
    const r = await generateLayouts(deps(), {
      userId: "staff1",
      brief: BRIEF,
      count: 1,
      modelId: LOCAL_LANGUAGE_MODEL_ID,
      env: {},
    });
    const c = r.candidates[0]!;
    if (c.status !== "saved") throw new Error("not saved");
    return c.layout;
  }

  it("approves into the pipeline as a draft, bumping the revision and logging it", async () => {
    const l = await one();
    const v = await reviewGenerated(deps(), { id: l.id, userId: "rev1", revision: 0, decision: "approve" });
    expect(v).toMatchObject({
      stage: "draft",
      revision: 1,
      pipeline_path: `/layouts-pipeline/${l.id}`,
      generation: { status: "accepted", reviewed_by: "rev1", reason: null },
    });
    expect((await logOf(l.id)).map((e) => e.action).sort()).toEqual(["approve", "generate"]);
    expect((await listGenerated(deps(), { status: "pending" })).map((x) => x.id)).not.toContain(l.id);
    expect((await listGenerated(deps(), { status: "accepted" })).map((x) => x.id)).toContain(l.id);
  });

  it("rejects with the reason, keeping the layout", async () => {
    const l = await one();
    const v = await reviewGenerated(deps(), {
      id: l.id,
      userId: "rev1",
      revision: 0,
      decision: "reject",
      reason: "  Too busy for a phone screen ",
    });
    expect(v.generation).toMatchObject({ status: "rejected", reason: "Too busy for a phone screen" });
    expect(await env.db.collection(layouts).doc(l.id).get()).not.toBeNull();
  });

  it("answers a stale revision or a second review with a 409 and changes nothing", async () => {
    const l = await one();
    const stale = reviewGenerated(deps(), { id: l.id, userId: "rev1", revision: 3, decision: "approve" });
    await expect(stale).rejects.toBeInstanceOf(ApiError);
    await expect(stale).rejects.toMatchObject({
      code: "conflict",
      issues: [{ path: "revision", message: "revision_conflict" }],
    });
    await reviewGenerated(deps(), { id: l.id, userId: "rev1", revision: 0, decision: "reject", reason: "nope nope" });
    await expect(
      reviewGenerated(deps(), { id: l.id, userId: "rev2", revision: 1, decision: "approve" }),
    ).rejects.toMatchObject({ code: "conflict", message: "This candidate was already rejected." });
    const doc = (await env.db.collection(layouts).doc(l.id).get())!.data;
    expect(doc).toMatchObject({ revision: 1, generation: { status: "rejected", reviewed_by: "rev1" } });
    expect((await logOf(l.id)).length).toBe(2);
    await expect(
      reviewGenerated(deps(), { id: "starter-split", userId: "r", revision: 0, decision: "approve" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

it("seeds the demo candidates once, never overwriting a review", async () => {
  expect(await ensureDemoCandidates(deps())).toBe(3);
  const pending = await listGenerated(deps(), { status: "pending" });
  expect(pending.every((l) => l.demo && l.preview)).toBe(true);
  await reviewGenerated(deps(), {
    id: pending[0]!.id,
    userId: "r",
    revision: 0,
    decision: "reject",
    reason: "not for us",
  });
  expect(await ensureDemoCandidates(deps())).toBe(0);
  expect((await listGenerated(deps(), { status: "pending" })).length).toBe(2);
});
