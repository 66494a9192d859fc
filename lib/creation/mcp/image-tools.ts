import "server-only";
/**
 * The MCP tools for images: generate (the same run /api/v1/images/generations
 * accepts: credits, the job cap, the image worker), waiting a bounded time
 * with progress, and reading a run's images with absolute URLs afterwards.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { defaultModelId, listImageModels } from "@/lib/platform/ai";
import { costPerImage } from "@/lib/money/credits/pricing";
import { startGeneration } from "@/lib/media/images/generation-service";
import { getJob, type JobStatus } from "@/lib/media/images/job-status";
import { readMyImage } from "@/lib/media/images/manage";
import { presentImages } from "@/lib/media/images/present-image";
import { imageRuntime, startInAppWorker } from "@/lib/media/images/runtime";
import { ASPECT_RATIOS, MAX_IMAGES_PER_RUN, MAX_SEED } from "@/lib/media/images/schema";
import { absoluteUrl, ok, pause, progressReporter, runTool, type ToolContext } from "./tool-kit";

const MAX_WAIT_S = 90;
const DEFAULT_WAIT_S = 60;

const imageResult = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "ready", "failed"]),
  error: z.string().nullable(),
  url: z.string().nullable().describe("Absolute, signed URL of the PNG (valid about an hour)"),
  thumbnail_url: z.string().nullable(),
  page_url: z.string().describe("The image's page on the site"),
});
const jobResult = {
  job_id: z.string(),
  state: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  progress: z.number().describe("0..1"),
  error: z.string().nullable(),
  finished: z.boolean(),
  images: z.array(imageResult),
};

export function registerImageTools(server: McpServer, ctx: ToolContext): void {
  const uid = ctx.user.uid;
  const models = listImageModels().filter((m) => m.enabled);

  async function jobView(job: JobStatus) {
    const { db, store } = imageRuntime();
    const snaps = await Promise.all(job.contentIds.map((id) => readMyImage({ db, uid, id }).catch(() => null)));
    const items = await presentImages(
      snaps.filter((s) => s !== null),
      { viewerUid: uid, store, db },
    );
    const finished = job.state === "succeeded" || job.state === "failed" || job.state === "cancelled";
    return {
      job_id: job.id,
      state: job.state,
      progress: job.progress,
      error: job.error,
      finished,
      images: items.map((i) => ({
        id: i.id,
        status: i.status,
        error: i.error,
        url: absoluteUrl(ctx, i.urls?.original ?? null),
        thumbnail_url: absoluteUrl(ctx, i.urls?.thumbnail ?? null),
        page_url: absoluteUrl(ctx, `/image-gen/${encodeURIComponent(i.id)}`),
      })),
    };
  }

  async function waitForJob(jobId: string, seconds: number, extra: Parameters<typeof progressReporter>[0]) {
    const { db } = imageRuntime();
    const report = progressReporter(extra);
    const until = Date.now() + seconds * 1000;
    let job = await getJob({ db, jobId, uid });
    while ((job.state === "queued" || job.state === "running") && Date.now() < until && !extra.signal.aborted) {
      await report(job.progress, job.state === "queued" ? "queued" : "generating");
      await pause(Math.min(500, Math.max(0, until - Date.now())), extra.signal);
      job = await getJob({ db, jobId, uid });
    }
    if (job.state === "succeeded") await report(1, "ready");
    return jobView(job);
  }

  const modelList = models.map((m) => `${m.id} (${m.label}, ${costPerImage(m)} credits an image)`).join("; ");

  server.registerTool(
    "generate_images",
    {
      title: "Generate images",
      description:
        `Makes 1-${MAX_IMAGES_PER_RUN} images from a prompt into your image library. Spends credits and needs an API ` +
        `key with the render permission. Waits up to wait_s for them (progress notifications), then answers their ` +
        `URLs; if not finished, follow up with get_image_job. Models here: ${modelList || "none"}.`,
      inputSchema: {
        prompt: z.string().trim().min(1).max(2000).describe("What the image shows"),
        negative_prompt: z.string().max(1000).optional().describe("What it must not show"),
        aspect_ratio: z.enum(ASPECT_RATIOS).default("1:1"),
        count: z.number().int().min(1).max(MAX_IMAGES_PER_RUN).default(1),
        model_id: z.string().trim().min(1).max(128).optional().describe("Omitted: the default model"),
        seed: z.number().int().min(0).max(MAX_SEED).optional().describe("The same seed and prompt make the same image"),
        wait_s: z.number().int().min(0).max(MAX_WAIT_S).default(DEFAULT_WAIT_S).describe("0: answer at once"),
      },
      outputSchema: { ...jobResult, credits_charged: z.number(), credit_balance: z.number() },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ wait_s, ...input }, extra) =>
      runTool(ctx, "generate_images", { scope: "render", limit: "image_generate" }, async () => {
        const deps = imageRuntime();
        const started = await startGeneration({
          uid,
          input: {
            prompt: input.prompt,
            negativePrompt: input.negative_prompt,
            aspectRatio: input.aspect_ratio,
            count: input.count,
            seed: input.seed,
            modelId: input.model_id ?? defaultModelId(),
          },
          deps,
        });
        startInAppWorker();
        const view = await waitForJob(started.jobId, wait_s, extra);
        return ok(
          { ...view, credits_charged: started.cost, credit_balance: started.balance },
          view.finished ? undefined : `Still generating: call get_image_job with job_id ${started.jobId}.`,
        );
      }),
  );

  server.registerTool(
    "get_image_job",
    {
      title: "Get an image run",
      description: "An image run's state and its images' absolute URLs; waits up to wait_s while it is still running.",
      inputSchema: {
        job_id: z.string().trim().min(1).max(128),
        wait_s: z.number().int().min(0).max(MAX_WAIT_S).default(0),
      },
      outputSchema: jobResult,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ job_id, wait_s }, extra) =>
      runTool(ctx, "get_image_job", { scope: "read" }, async () => ok(await waitForJob(job_id, wait_s, extra))),
  );
}
