import "server-only";
/**
 * /remotion-test: what the Player shows for any template × version × layout
 * × ratio × sample text (or a real content item as it is), and a test render
 * of the same to a small MP4 on the server: a `studio.remotion-test` job on
 * the shared queue, rendered by the configured driver (lib/engine/render) through
 * prepareRender like a user's video, with progress, a log and timings kept
 * on the job so they survive a reload, and the file in the blob store.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { compositions } from "@/lib/engine/composition/collections";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { collectMediaKeys } from "@/lib/engine/composition/media-keys";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderPropsDetailed, ResolveError, type ResolveWarning } from "@/lib/engine/composition/resolve";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { jobs, type JobDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { createJobWorker, defineJob, type JobContext } from "@/lib/platform/jobs/kit";
import { enqueueJob, failJob } from "@/lib/platform/jobs/queue";
import { isRenderError } from "@/lib/engine/render/errors";
import { prepareRender } from "@/lib/engine/render/prepare";
import type { RenderDriver } from "@/lib/engine/render/types";
import type { BlobStore } from "@/lib/platform/storage/types";
import {
  previewInputSchema,
  testRenderInputSchema,
  type PreviewInput,
  type TestRenderInput,
  type TestRenderView,
} from "./contract";
import { sampleComposition } from "./sample";
import { getVersionBody, type StudioDeps } from "./service";
import { DOC_ID } from "@/lib/platform/db/ids";

export const TEST_RENDER_JOB = "studio.remotion-test";
/** One test render (small, a few seconds of video). */
export const TEST_RENDER_DEADLINE_MS = 15 * 60_000;
const PREVIEW_WIDTH = 480;

interface Built {
  composition: CompositionBody;
  templateVersion: TemplateVersionBody;
  label: string;
}

async function build(deps: StudioDeps, input: PreviewInput): Promise<Built> {
  await deps.ready?.();
  if (input.sample === "content") {
    const snap = await deps.db.collection(compositions).doc(input.content_id!).get();
    if (!snap) throw new ApiError("not_found", `There is no composition for content "${input.content_id}".`);
    const composition = migrateComposition(snap.data);
    const tv = await getTemplateVersion(deps.db, composition.template.id, composition.template.version);
    if (!tv)
      throw new ApiError(
        "unprocessable_entity",
        `Content "${input.content_id}" uses ${composition.template.id}@${composition.template.version}, which no longer exists.`,
      );
    return {
      composition,
      templateVersion: tv,
      label: `${composition.title || input.content_id} (${composition.template.id}@${composition.template.version}, ${composition.aspect_ratio})`,
    };
  }
  const v = await getVersionBody(
    deps,
    input.template_id,
    input.version ?? (await currentVersion(deps, input.template_id)),
  );
  if (input.layout_id && !v.body.layouts.some((l) => l.id === input.layout_id)) {
    throw new ApiError(
      "unprocessable_entity",
      `Version ${v.version} of this template does not offer layout "${input.layout_id}".`,
      { issues: [{ path: "layout_id", message: "not in this version" }] },
    );
  }
  const composition = sampleComposition({
    templateId: input.template_id,
    version: v.version,
    body: v.body,
    ratio: input.ratio,
    layoutIds: input.layout_id ? [input.layout_id] : undefined,
    sample: input.sample,
    sceneMs: input.layout_id ? 2000 : 2400,
  });
  return {
    composition,
    templateVersion: v.body,
    label: `${input.template_id}@${v.published ? v.version : `${v.version} (draft)`} · ${input.layout_id ?? "every layout"} · ${input.ratio} · ${input.sample} text`,
  };
}

async function currentVersion(deps: StudioDeps, templateId: string): Promise<number> {
  const { templates } = await import("@/lib/engine/composition/collections");
  const t = await deps.db.collection(templates).doc(templateId).get();
  if (!t) throw new ApiError("not_found", `There is no template "${templateId}".`);
  return t.data.current_version;
}

async function signedUrls(store: BlobStore, keys: readonly string[]): Promise<Map<string, string>> {
  const ttl = signedUrlTtl();
  const out = new Map<string, string>();
  for (const k of keys) out.set(k, await store.signedUrl(k, { expiresInSeconds: ttl }));
  return out;
}

/** Player props (signed URLs; the browser draws the background) and the resolve warnings. */
export async function previewProps(
  deps: StudioDeps,
  raw: unknown,
): Promise<{ props: RenderProps; warnings: ResolveWarning[]; label: string }> {
  const parsed = previewInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  const b = await build(deps, parsed.data);
  await ensureSampleMedia(deps.store);
  const urls = await signedUrls(deps.store, collectMediaKeys(b.composition, b.templateVersion));
  try {
    const r = resolveRenderPropsDetailed({
      composition: b.composition,
      templateVersion: b.templateVersion,
      mediaUrl: (k) => urls.get(k) ?? "",
      size: sizeForWidth(b.composition.aspect_ratio, PREVIEW_WIDTH),
    });
    return { ...r, label: b.label };
  } catch (e) {
    if (e instanceof ResolveError) throw new ApiError("unprocessable_entity", e.message);
    throw e;
  }
}

interface JobState {
  template_id: string;
  request: TestRenderInput;
  label: string;
  stage: string;
  logs: { at: string; message: string }[];
  render_ms?: number;
  file?: { key: string; width: number; height: number; size_bytes: number; duration_ms: number };
}

export async function enqueueTestRender(deps: StudioDeps, uid: string, raw: unknown): Promise<TestRenderView> {
  const parsed = testRenderInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  // Built once here so a bad request is a 4xx now, not a failed job later.
  const b = await build(deps, parsed.data.preview);
  const at = (deps.now ?? (() => new Date()))();
  const state: JobState = {
    template_id: b.composition.template.id,
    request: parsed.data,
    label: b.label,
    stage: "queued",
    logs: [{ at: at.toISOString(), message: `Queued: ${b.label}, ${parsed.data.width} px wide` }],
  };
  const id = await enqueueJob(
    deps.db,
    {
      type: TEST_RENDER_JOB,
      owner_id: uid,
      content_id: null,
      input: state as unknown as Record<string, unknown>,
      max_attempts: 1,
    },
    at,
  );
  return getTestRender(deps, id);
}

export async function getTestRender(deps: Pick<StudioDeps, "db" | "store">, id: string): Promise<TestRenderView> {
  const snap = DOC_ID.test(id) ? await deps.db.collection(jobs).doc(id).get() : null;
  if (!snap || snap.data.type !== TEST_RENDER_JOB) throw new ApiError("not_found", "There is no such test render.");
  const j = snap.data;
  const s = j.input as unknown as JobState;
  const file = s.file
    ? {
        url: await deps.store.signedUrl(s.file.key, { expiresInSeconds: signedUrlTtl() }),
        width: s.file.width,
        height: s.file.height,
        size_bytes: s.file.size_bytes,
        duration_ms: s.file.duration_ms,
      }
    : null;
  const done = j.state === "succeeded" || j.state === "failed" || j.state === "cancelled";
  const total = done ? Date.parse(j.updated_at) - Date.parse(j.created_at) : null;
  return {
    id: snap.id,
    state: j.state,
    progress: j.progress,
    stage: s.stage,
    input: s.request,
    logs: s.logs,
    timing: { queued_ms: null, render_ms: s.render_ms ?? null, total_ms: total },
    error: j.error,
    file,
    created_at: j.created_at,
  };
}

export async function listTestRenders(deps: Pick<StudioDeps, "db" | "store">, limit = 8): Promise<TestRenderView[]> {
  const rows = await deps.db.collection(jobs).where("type", "==", TEST_RENDER_JOB).get();
  const recent = rows.sort((a, b) => b.data.created_at.localeCompare(a.data.created_at)).slice(0, limit);
  return Promise.all(recent.map((r) => getTestRender(deps, r.id)));
}

export interface TestRenderWorkerDeps {
  db: Db;
  store: BlobStore;
  renderer: () => RenderDriver;
  now?: () => Date;
  leaseMs?: number;
  /** The longest one test render may run (TEST_RENDER_DEADLINE_MS); then the queue ends and fails it. */
  deadlineMs?: number;
  /** Frames per second of test renders (the test suite: RENDER_FPS); default 30. */
  fps?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** The test-render job type (one attempt: enqueueTestRender asks for no retry). */
function testRenderJob(d: TestRenderWorkerDeps) {
  const now = d.now ?? (() => new Date());

  /** Appends to the job's log and moves its progress while this attempt holds it; false when it does not. */
  async function report(
    jobId: string,
    holder: string,
    leaseMs: number,
    patch: { stage?: string; progress?: number; message?: string; extra?: Partial<JobState> },
  ): Promise<boolean> {
    const at = now();
    return d.db.runTransaction(async (tx) => {
      const ref = d.db.collection(jobs).doc(jobId);
      const snap = await tx.get(ref);
      if (!snap || snap.data.state !== "running" || snap.data.worker_id !== holder) return false;
      const s = snap.data.input as unknown as JobState;
      const next: JobState = {
        ...s,
        ...patch.extra,
        stage: patch.stage ?? s.stage,
        logs: patch.message ? [...s.logs, { at: at.toISOString(), message: patch.message }].slice(-60) : s.logs,
      };
      tx.update(ref, {
        input: next as unknown as Record<string, unknown>,
        progress: patch.progress ?? snap.data.progress,
        lease_expires_at: new Date(at.getTime() + leaseMs).toISOString(),
        updated_at: at.toISOString(),
      });
      return true;
    });
  }

  async function run(job: JobDoc, ctx: JobContext): Promise<"succeeded"> {
    const { jobId, signal } = ctx;
    const report = (patch: Parameters<typeof reportAs>[1]) => reportAs(ctx, patch);
    await report({ stage: "starting", message: `Claimed by ${ctx.workerId}` });
    const s = job.input as unknown as JobState;
    const deps: StudioDeps = { db: d.db, store: d.store, now };
    const b = await build(deps, s.request.preview);
    await ensureSampleMedia(d.store);
    const renderer = d.renderer();
    const size = sizeForWidth(b.composition.aspect_ratio, s.request.width);
    await report({
      stage: "preparing",
      progress: 0.02,
      message: `Preparing ${b.composition.scenes.length} scene(s) at ${size.width}×${size.height} with the ${renderer.kind} renderer`,
    });
    const prepared = await prepareRender({
      composition: b.composition,
      templateVersion: b.templateVersion,
      store: d.store,
      driver: renderer.kind,
      size,
      fps: d.fps,
    });
    for (const w of prepared.warnings) await report({ message: `Warning: ${w.message}` });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pf-remotion-test-"));
    try {
      const out = path.join(dir, "test.mp4");
      const started = Date.now();
      let last = 0;
      let pending: Promise<unknown> = Promise.resolve();
      let lastStage = "";
      const result = await renderer.renderVideo({
        props: prepared.props,
        outputPath: out,
        signal,
        onProgress: (p) => {
          const t = Date.now();
          if (t - last < 500 && p.progress < 1 && p.stage === lastStage) return;
          last = t;
          const message = p.stage !== lastStage ? `Stage: ${p.stage}` : undefined;
          lastStage = p.stage;
          pending = pending
            .then(() => report({ stage: p.stage, progress: 0.05 + 0.85 * p.progress, message }))
            .catch(() => undefined);
        },
      });
      await pending;
      const renderMs = Date.now() - started;
      await report({
        stage: "saving",
        progress: 0.95,
        message: `Rendered ${result.frames} frames (${(result.durationMs / 1000).toFixed(1)} s of video) in ${(renderMs / 1000).toFixed(1)} s`,
      });
      const key = `studio/remotion-test/${jobId}.mp4`;
      const info = await d.store.put(key, await fs.readFile(out), {
        allowedTypes: ["video/mp4"],
        maxBytes: 100 * 1024 * 1024,
      });
      const held = await report({
        stage: "done",
        progress: 1,
        message: `Saved ${Math.round(info.size / 1024)} KB`,
        extra: {
          render_ms: renderMs,
          file: {
            key,
            width: result.width,
            height: result.height,
            size_bytes: info.size,
            duration_ms: Math.round(result.durationMs),
          },
        },
      });
      if (!held || !(await ctx.complete())) await d.store.delete(key).catch(() => undefined);
    } finally {
      await prepared.close().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return "succeeded";
  }

  function reportAs(
    ctx: Pick<JobContext, "jobId" | "holder" | "leaseMs">,
    patch: Parameters<typeof report>[3],
  ): Promise<boolean> {
    return report(ctx.jobId, ctx.holder, ctx.leaseMs, patch);
  }

  const leaseMs = d.leaseMs ?? 60_000;
  return defineJob({
    kind: "studio-test",
    types: [TEST_RENDER_JOB],
    deadlineMs: TEST_RENDER_DEADLINE_MS,
    run,
    // The queue's deadline and heartbeat: a render that hangs, or a job taken over, stops here.
    heartbeat: (ctx) => reportAs(ctx, {}),
    failure: (e) => ({
      reason: isRenderError(e)
        ? e.userMessage
        : e instanceof ApiError
          ? e.message
          : e instanceof Error
            ? e.message
            : String(e),
      retryable: true,
    }),
    onFinalFailure: async (s, reason) => {
      if (s.holder === "expired") return false;
      await report(s.jobId, s.holder, leaseMs, { stage: "failed", message: `Failed: ${reason}` }).catch(
        () => undefined,
      );
      await failJob(d.db, { jobId: s.jobId, workerId: s.holder, error: reason, now: now() });
      return true;
    },
  });
}

export function createTestRenderWorker(d: TestRenderWorkerDeps) {
  const worker = createJobWorker(testRenderJob(d), {
    db: d.db,
    leaseMs: d.leaseMs,
    deadlineMs: d.deadlineMs,
    now: d.now,
    log: d.log,
  });
  return {
    workerId: worker.workerId,
    processNext: () =>
      worker.processNext() as Promise<{
        jobId: string;
        outcome: "succeeded" | "retrying" | "failed" | "lease-lost";
      } | null>,
    runWorkerLoop: worker.runWorkerLoop,
  };
}
