/**
 * The video domain end to end on the embedded store: the Local preview
 * writer plans from a brief (its tool and structured-output calls recorded),
 * the plan becomes an editable composition, a render job runs through the
 * real pipeline (eSpeak narration, synthesised music, Remotion with
 * Chromium at a small size) to an MP4, a poster and captions; edits are
 * refused while rendering and on stale revisions; failures refund.
 */
import fs from "node:fs";
import path from "node:path";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { expectApiError } from "@/tests/support/expect-api-error";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { content, jobs } from "@/lib/platform/db/collections";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { RenderError } from "@/lib/engine/render/errors";
import type { RenderDriver } from "@/lib/engine/render/types";
import { ffprobe } from "@/tests/support/render-env";
import { cancelRender } from "@/lib/creation/video/service/cancel-render";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { deleteVideo } from "@/lib/creation/video/service/delete-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { listRevisions } from "@/lib/creation/video/service/list-revisions";
import { requestRender } from "@/lib/creation/video/service/request-render";
import { restoreRevision } from "@/lib/creation/video/service/restore-revision";
import { shareVideo } from "@/lib/creation/video/service/share-video";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { readPublicVideo } from "@/lib/creation/video/media";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { videoCost } from "@/lib/creation/video/pricing";

jest.setTimeout(180_000);

let env: TestEnv;
let deps: VideoDeps;
let renderer: LocalRenderer;
const UID = "video-user";

const BRIEF =
  "Bean There is a small coffee roaster in Lisbon. We roast every bag the morning it ships. Subscribers save 20% and can pause any time.";

beforeAll(async () => {
  await ensureBundle();
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  renderer = new LocalRenderer();
  await addUser(env.db, UID, 100);
}, 240_000);

afterAll(async () => {
  await renderer?.close();
  await env?.close();
});

const create = (over: Record<string, unknown> = {}) =>
  createVideo(deps, UID, {
    brief: BRIEF,
    aspect_ratio: "16:9",
    length_s: 15,
    template_id: null,
    voice_id: "espeak:en-us-f",
    captions: true,
    music: true,
    model_id: "local/preview",
    ...over,
  });

describe("planning", () => {
  it("turns a brief into a storyboard made of its own words, and records the writer's calls", async () => {
    const video = await create();
    expect(video.status).toBe("draft");
    expect(video.composition.scenes).toHaveLength(3);
    expect(video.title).toMatch(/Bean There/);
    expect(video.made_with.model.preview).toBe(true);
    expect(video.made_with.notice).toMatch(/Local preview/);
    expect(video.composition.scenes.map((s) => s.narration).join(" ")).toContain("roast every bag");
    const calls = await env.db.collection(functionCalls).where("ref_id", "==", video.id).get();
    expect(calls.map((c) => [c.data.kind, c.data.name, c.data.valid]).sort()).toEqual([
      ["structured", "video_plan", true],
      ["tool", "list_layouts", true],
      ["tool", "list_templates", true],
    ]);
    // Deterministic: the same brief gives the same plan.
    const again = await create();
    expect(again.composition.scenes.map((s) => [s.layout_id, s.narration])).toEqual(
      video.composition.scenes.map((s) => [s.layout_id, s.narration]),
    );
  });

  it("refuses bad settings with a 422 and writes nothing", async () => {
    const before = (await env.db.collection(functionCalls).get()).length;
    await expectApiError(create({ brief: "  " }), 422);
    await expectApiError(create({ brief: "x".repeat(2001) }), 422);
    await expectApiError(create({ template_id: "no-such-template" }), 422);
    await expectApiError(create({ voice_id: "nobody" }), 422);
    await expectApiError(create({ model_id: "openai/nope" }), 422);
    await expectApiError(create({ length_s: 25 }), 422);
    await expectApiError(create({ aspect_ratio: "2:1" }), 422);
    expect((await env.db.collection(functionCalls).get()).length).toBe(before);
  });

  it("a render over the free plan's length is a 402 plan_limit that names the way up; its storyboard is free", async () => {
    const e = await expectApiError(create({ length_s: 60, render_now: true }), 402);
    expect(e.code).toBe("plan_limit");
    expect(e.message).toMatch(/^Videos longer than 30 seconds need the Pro plan/);
    const storyboard = await create({ length_s: 60 });
    expect(storyboard.status).toBe("draft");
    const refused = await expectApiError(requestRender(deps, UID, storyboard.id), 402);
    expect(refused.code).toBe("plan_limit");
  });
});

describe("editing", () => {
  it("saves revisions, refuses a stale one, restores an old one", async () => {
    const video = await create({ template_id: "starter-bold" });
    const scenes = video.composition.scenes.map(({ voice: _v, ...s }) => s);
    const first = scenes[0]!;
    const slot = Object.keys(first.values).find((k) => first.values[k]!.type === "text")!;
    const edited = await editVideo(deps, UID, video.id, {
      revision: 0,
      scenes: [
        { ...first, values: { ...first.values, [slot]: { type: "text", text: "Fresh every morning" } } },
        ...scenes.slice(1),
      ],
    });
    expect(edited.revision).toBe(1);
    expect(edited.composition.scenes[0]!.values[slot]).toEqual({ type: "text", text: "Fresh every morning" });
    await expectApiError(editVideo(deps, UID, video.id, { revision: 0, title: "Stale" }), 409);
    await expectApiError(
      editVideo(deps, UID, video.id, { revision: 1, scenes: [{ ...first, layout_id: "starter-quote" }] }),
      422,
    );
    await expectApiError(
      editVideo(deps, UID, video.id, {
        revision: 1,
        scenes: [
          {
            ...first,
            values: {
              ...first.values,
              image: {
                type: "media",
                key: "images/someone-else/x/original.png",
                media_type: "image/png",
                source: "content",
              },
            },
          },
        ],
      }),
      422,
    );
    await expectApiError(editVideo(deps, "other-user", video.id, { revision: 1, title: "Mine now" }), 404);
    expect((await listRevisions(deps, UID, video.id)).map((r) => r.revision)).toEqual([1, 0]);
    const restored = await restoreRevision(deps, UID, video.id, 0);
    expect(restored.revision).toBe(2);
    expect(restored.composition.scenes[0]!.values[slot]).toEqual(video.composition.scenes[0]!.values[slot]);
    // Switching template keeps the texts and moves scenes onto its layouts.
    const moved = await editVideo(deps, UID, video.id, { revision: 2, template_id: "starter-elegant" });
    expect(moved.made_with.template.id).toBe("starter-elegant");
    expect(moved.composition.template.id).toBe("starter-elegant");
  });
});

describe("rendering", () => {
  it("renders narration, music and captions to an MP4 with a poster; edits wait; sharing makes it public", async () => {
    const video = await create({ aspect_ratio: "1:1" });
    const before = await balanceOf(env.db, UID);
    const queued = await requestRender(deps, UID, video.id);
    expect(queued.render).toMatchObject({
      state: "queued",
      stage: "queued",
      credits: videoCost({ seconds: 15, provider: "local" }),
    });
    expect(await balanceOf(env.db, UID)).toBe(before - queued.render!.credits);
    await expectApiError(editVideo(deps, UID, video.id, { revision: 0, title: "While rendering" }), 409);
    await expectApiError(requestRender(deps, UID, video.id), 409);

    const stages: string[] = [];
    const worker = createVideoWorker({
      db: env.db,
      store: env.store,
      renderer: () => renderer,
      renderWidth: 160,
      log: () => undefined,
    });
    const watch = setInterval(
      () => void getVideo(deps, UID, video.id).then((v) => v.render && stages.push(v.render.stage)),
      200,
    );
    const outcome = await worker.processNext();
    clearInterval(watch);
    expect(outcome).toEqual({ jobId: queued.render!.job_id, outcome: "succeeded" });

    const done = await getVideo(deps, UID, video.id);
    expect(done.status).toBe("ready");
    expect(done.render).toMatchObject({ state: "succeeded", progress: 1 });
    // Sampled every 200 ms: the quick local pictures may fall between two looks, the rest cannot.
    expect(stages).toEqual(expect.arrayContaining(["voice", "rendering"]));
    const files = done.files!;
    expect([files.width, files.height]).toEqual([160, 160]);
    // Every picture the plan asked for was made; every scene has its narration.
    expect(done.composition.scenes.every((s) => !!s.voice)).toBe(true);
    const wanted = done.composition.scenes.filter((s) => s.image_prompt);
    expect(wanted.length).toBeGreaterThan(0);
    expect(
      wanted.every((s) => Object.values(s.values).some((v) => v.type === "media" && v.source === "generated")),
    ).toBe(true);
    const mp4 = path.join(env.dir, "check.mp4");
    const stored = (await env.db.collection(content).doc(video.id).get())!.data.blobs.original!;
    const blob = (await env.store.get(stored))!;
    await new Promise<void>((resolve, reject) =>
      blob.body.pipe(fs.createWriteStream(mp4)).on("finish", resolve).on("error", reject),
    );
    const probe = await ffprobe(mp4);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect(Math.abs(Number(probe.format.duration) * 1000 - files.duration_ms)).toBeLessThan(100);
    expect(files.duration_ms).toBeGreaterThanOrEqual(14_000);
    expect(files.captions_url).not.toBeNull();

    expect(await readPublicVideo(env.db, video.id)).toBeNull();
    await shareVideo(deps, UID, video.id, { public: true });
    expect(await readPublicVideo(env.db, video.id)).toMatchObject({
      id: video.id,
      width: 160,
      video_url: `/api/v1/public/videos/${video.id}/video`,
    });
    await shareVideo(deps, UID, video.id, { public: false });
    expect(await readPublicVideo(env.db, video.id)).toBeNull();

    await deleteVideo(deps, UID, video.id);
    await expectApiError(getVideo(deps, UID, video.id), 404);
    expect(await env.store.list(`videos/${UID}/${video.id}/`)).toEqual([]);
  });

  it("a render that fails for good refunds and says why; cancelling refunds too", async () => {
    const video = await create({ voice_id: null, music: false });
    const before = await balanceOf(env.db, UID);
    const queued = await requestRender(deps, UID, video.id);
    const broken: RenderDriver = {
      kind: "local",
      renderVideo: async () => {
        throw new RenderError("encoding-failed", "boom", { retryable: false });
      },
      renderStill: async () => {
        throw new Error("unused");
      },
      renderPoster: async () => {
        throw new Error("unused");
      },
      close: async () => undefined,
    };
    const worker = createVideoWorker({
      db: env.db,
      store: env.store,
      renderer: () => broken,
      renderWidth: 96,
      log: () => undefined,
      makePicture: async () => ({
        type: "media",
        key: "samples/photo.jpg",
        media_type: "image/jpeg",
        source: "generated",
      }),
    });
    expect((await worker.processNext())?.outcome).toBe("failed");
    const failed = await getVideo(deps, UID, video.id);
    expect(failed.status).toBe("failed");
    expect(failed.render).toMatchObject({ state: "failed", refunded: true });
    expect(failed.render!.error).toMatch(/\w+ \w+/);
    expect(await balanceOf(env.db, UID)).toBe(before);
    expect(queued.render!.credits).toBeGreaterThan(0);

    await requestRender(deps, UID, video.id);
    const cancelled = await cancelRender(deps, UID, video.id);
    expect(cancelled.render).toMatchObject({ state: "cancelled", refunded: true });
    expect(await balanceOf(env.db, UID)).toBe(before);
    const jobRows = await env.db.collection(jobs).where("content_id", "==", video.id).get();
    expect(jobRows.map((j) => j.data.state).sort()).toEqual(["cancelled", "failed"]);
  });

  it("out of credits is a 402 and queues nothing", async () => {
    await addUser(env.db, "poor-user", 1);
    const video = await createVideo(deps, "poor-user", {
      brief: BRIEF,
      aspect_ratio: "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
    });
    await expectApiError(requestRender(deps, "poor-user", video.id), 402);
    expect((await getVideo(deps, "poor-user", video.id)).render).toBeNull();
  });
});
