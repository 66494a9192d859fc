import "server-only";
/**
 * The MCP tools for videos: the choices (templates, voices, products), making
 * a storyboard (from a brief, a page's link or a saved product), editing a
 * scene's text, rendering, and following a render to its file. Each calls the
 * same service as its /api/v1 route, with the same permission and limit.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { ApiError } from "@/lib/platform/api/errors";
import { isLinkError } from "@/lib/platform/http/errors";
import { limitUser } from "@/lib/platform/rate-limit";
import { MAX_BRIEF_CHARS, VIDEO_LENGTHS, type CreateVideoInput, type VideoView } from "@/lib/creation/video/contract";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { listVideos } from "@/lib/creation/video/service/list-videos";
import { requestRender } from "@/lib/creation/video/service/request-render";
import { videoOptions } from "@/lib/creation/video/service/video-options";
import { extractPage } from "@/lib/creation/links/extract";
import { createProductVideo } from "@/lib/creation/links/product-video";
import { getProduct, listProducts } from "@/lib/creation/products/service";
import { MAX_PRODUCT_POINTS } from "@/lib/creation/products/contract";
import { absoluteUrl, ok, pause, progressReporter, runTool, type ToolContext } from "./tool-kit";
import {
  toSummaryResult,
  toVideoResult,
  videoResultSchema,
  videoSummaryResultSchema,
  type VideoResult,
} from "./video-view";

const LENGTHS = VIDEO_LENGTHS as readonly number[];
/** How long wait_for_video may hold a call: long enough for a short render, short of proxies' idle cut-offs. */
export const MAX_WAIT_S = 120;
const DEFAULT_WAIT_S = 55;
const POLL_MS = 1000;
/** Pictures of a page used for a video from its link: the first four, as the link screen picks them. */
const LINK_PICTURES = 4;

const videoId = z.string().trim().min(1).max(128).describe("The video's id");

/** The settings every "create a video" tool takes; omitted ones get the same defaults as the create form. */
const settingsShape = {
  aspect_ratio: z.enum(COMPOSITION_RATIOS).default("9:16").describe("9:16 (stories, reels), 1:1, 4:5 or 16:9"),
  length_s: z
    .number()
    .int()
    .refine((n) => LENGTHS.includes(n), `Length is one of ${VIDEO_LENGTHS.join(", ")} seconds.`)
    .default(15)
    .describe(`Length in seconds: ${VIDEO_LENGTHS.join(", ")}`),
  template_id: z.string().trim().min(1).max(128).optional().describe("From list_templates; omitted: the writer picks"),
  voice_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .nullable()
    .optional()
    .describe("From list_voices; null: no narration; omitted: the default voice"),
  captions: z.boolean().default(true).describe("Burn in captions of the narration"),
  music: z.boolean().default(true).describe("Background music"),
  model_id: z.string().trim().min(1).max(128).optional().describe("Writer model from list_templates; omitted: default"),
};
type Settings = {
  aspect_ratio: (typeof COMPOSITION_RATIOS)[number];
  length_s: number;
  template_id?: string;
  voice_id?: string | null;
  captions: boolean;
  music: boolean;
  model_id?: string;
};

const madeSchema = z.object({ video: videoResultSchema, product_id: z.string().optional() });
const NEXT_STEP =
  "A storyboard was made (free). Check its scenes, change texts with edit_scene_text, then render_video to make the MP4.";

export function registerVideoTools(server: McpServer, ctx: ToolContext): void {
  const deps = () => videoRuntime();
  const uid = ctx.user.uid;

  /** The create form's defaults for what the caller left out. */
  async function createInput(s: Settings, brief: string): Promise<CreateVideoInput> {
    const needDefaults = s.model_id === undefined || s.voice_id === undefined;
    const options = needDefaults ? await videoOptions(deps(), uid) : null;
    return {
      brief,
      aspect_ratio: s.aspect_ratio,
      length_s: s.length_s as CreateVideoInput["length_s"],
      template_id: s.template_id ?? null,
      voice_id: s.voice_id === undefined ? (options?.default_voice_id ?? null) : s.voice_id,
      captions: s.captions,
      music: s.music,
      model_id: s.model_id ?? options!.default_model_id,
      render_now: false,
    };
  }

  const result = async (v: VideoView): Promise<VideoResult> => toVideoResult(ctx, deps().db, v);

  server.registerTool(
    "list_templates",
    {
      title: "List templates",
      description:
        "The video templates (look and scene layouts) and the other choices for a new video: aspect ratios, lengths, " +
        "writer models, what a render costs and your credit balance.",
      outputSchema: {
        templates: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            layouts: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        ),
        aspect_ratios: z.array(z.string()),
        lengths_s: z.array(z.number()),
        models: z.array(z.object({ id: z.string(), label: z.string(), preview: z.boolean() })),
        default_model_id: z.string(),
        render_credits_per_15s: z.record(z.string(), z.number()),
        credit_balance: z.number(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_extra) =>
      runTool(ctx, "list_templates", { scope: "read" }, async () => {
        const o = await videoOptions(deps(), uid);
        return ok({
          templates: o.templates.map((t) => ({
            id: t.id,
            name: t.name,
            description: t.description,
            layouts: t.layouts.map((l) => ({ id: l.id, name: l.name })),
          })),
          aspect_ratios: [...o.ratios],
          lengths_s: [...o.lengths],
          models: o.models.map((m) => ({ id: m.id, label: m.label, preview: m.preview })),
          default_model_id: o.default_model_id,
          render_credits_per_15s: o.pricing.per_15s,
          credit_balance: o.balance,
        });
      }),
  );

  server.registerTool(
    "list_voices",
    {
      title: "List voices",
      description: "The narration voices a video can use (voice_id for the create tools), with a spoken sample's URL.",
      outputSchema: {
        voices: z.array(
          z.object({
            id: z.string(),
            label: z.string(),
            language: z.string(),
            provider: z.string(),
            sample_url: z.string(),
          }),
        ),
        default_voice_id: z.string().nullable(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_extra) =>
      runTool(ctx, "list_voices", { scope: "read" }, async () => {
        const o = await videoOptions(deps(), uid);
        return ok({
          voices: o.voices.map((v) => ({
            id: v.id,
            label: v.label,
            language: v.language,
            provider: v.provider,
            sample_url: absoluteUrl(ctx, v.sample_url),
          })),
          default_voice_id: o.default_voice_id,
        });
      }),
  );

  server.registerTool(
    "list_products",
    {
      title: "List my products",
      description:
        "Your saved products (catalogue), newest first or by name; use an id with create_video_from_product.",
      inputSchema: {
        query: z.string().max(200).optional().describe("Names starting with this"),
        cursor: z.string().max(128).optional().describe("next_cursor of the previous page"),
      },
      outputSchema: {
        products: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            price: z.string().nullable(),
            currency: z.string().nullable(),
            link: z.string().nullable(),
            pictures: z.number(),
          }),
        ),
        next_cursor: z.string().nullable(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, cursor }) =>
      runTool(ctx, "list_products", { scope: "read" }, async () => {
        const page = await listProducts(deps(), uid, { q: query, cursor, limit: 50 });
        return ok({
          products: page.items.map((p) => ({
            id: p.id,
            name: p.name,
            price: p.price,
            currency: p.currency,
            link: p.link,
            pictures: p.images.length,
          })),
          next_cursor: page.nextCursor,
        });
      }),
  );

  server.registerTool(
    "create_video_from_brief",
    {
      title: "Create a video from a brief",
      description:
        "Writes a storyboard (scenes with texts, narration and pictures) from a brief, as a draft video. Free; " +
        "render it with render_video.",
      inputSchema: {
        brief: z.string().trim().min(1).max(MAX_BRIEF_CHARS).describe("What the video is about, in your words"),
        ...settingsShape,
      },
      outputSchema: madeSchema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ brief, ...settings }) =>
      runTool(ctx, "create_video_from_brief", { scope: "create", limit: "storyboard" }, async () => {
        const video = await createVideo(deps(), uid, await createInput(settings, brief));
        return ok({ video: await result(video) }, NEXT_STEP);
      }),
  );

  server.registerTool(
    "create_video_from_link",
    {
      title: "Create a video from a link",
      description:
        "Reads a public web page (a product or an article), saves it as a product with its first pictures and writes " +
        "a storyboard from its facts. Free; render it with render_video.",
      inputSchema: {
        url: z.string().trim().min(1).max(2048).describe("The page's http(s) link"),
        brief: z.string().trim().max(500).optional().describe("Anything to add to what the page says"),
        ...settingsShape,
      },
      outputSchema: madeSchema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    ({ url, brief, ...settings }, extra) =>
      runTool(ctx, "create_video_from_link", { scope: "create", limit: "link_extract" }, async () => {
        const report = progressReporter(extra);
        await report(0.1, "Reading the page");
        let page;
        try {
          page = await extractPage(url, { signal: extra.signal });
        } catch (e) {
          throw isLinkError(e) ? e.toApiError("url") : e;
        }
        await limitUser("storyboard", uid);
        await report(0.5, "Writing the storyboard");
        const input = await createInput(settings, brief ?? "");
        try {
          const made = await createProductVideo(
            deps(),
            uid,
            {
              facts: {
                name: page.name,
                description: page.description,
                price: page.price,
                currency: page.currency,
                brand: page.brand,
                category: page.category,
                points: page.points.slice(0, MAX_PRODUCT_POINTS),
                image_urls: page.images.slice(0, LINK_PICTURES),
                link: page.url,
              },
              video: { ...input, brief: brief ?? undefined },
              source: "link",
            },
            { signal: extra.signal },
          );
          return ok({ video: await result(made.video), product_id: made.productId }, NEXT_STEP);
        } catch (e) {
          throw isLinkError(e) ? e.toApiError("url") : e;
        }
      }),
  );

  server.registerTool(
    "create_video_from_product",
    {
      title: "Create a video from a saved product",
      description:
        "Writes a storyboard from one of your saved products (list_products): its name, price, key points and " +
        "pictures. Free; render it with render_video.",
      inputSchema: {
        product_id: z.string().trim().min(1).max(128).describe("From list_products"),
        brief: z.string().trim().max(500).optional().describe("Anything to add to the product's facts"),
        ...settingsShape,
      },
      outputSchema: madeSchema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ product_id, brief, ...settings }, extra) =>
      runTool(ctx, "create_video_from_product", { scope: "create", limit: "storyboard" }, async () => {
        const product = await getProduct(deps(), uid, product_id);
        const input = await createInput(settings, brief ?? "");
        const made = await createProductVideo(
          deps(),
          uid,
          {
            facts: {
              name: product.name,
              description: product.description,
              price: product.price,
              currency: product.currency,
              brand: product.brand,
              points: product.points,
              image_asset_ids: product.images.map((i) => i.asset_id),
              link: product.link,
            },
            video: { ...input, brief: brief ?? undefined },
            source: product.link ? "link" : "manual",
            productId: product.id,
          },
          { signal: extra.signal },
        );
        return ok({ video: await result(made.video), product_id: made.productId }, NEXT_STEP);
      }),
  );

  server.registerTool(
    "edit_scene_text",
    {
      title: "Edit a scene's text",
      description:
        "Changes one scene's text fields (headline, body, call to action… by slot_id or role, as get_video lists them) " +
        "and/or its narration. Not while the video renders.",
      inputSchema: {
        video_id: videoId,
        scene: z.number().int().min(1).describe("The scene's number (1 = first)"),
        text: z
          .record(z.string().min(1).max(64), z.string().max(2000))
          .optional()
          .describe('New texts by slot_id or role, e.g. {"headline": "Fresh every morning"}'),
        narration: z.string().max(2000).optional().describe("What the voice says in this scene"),
      },
      outputSchema: { video: videoResultSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ video_id, scene, text, narration }) =>
      runTool(ctx, "edit_scene_text", { scope: "create" }, async () => {
        if (!text && narration === undefined) {
          throw new ApiError("unprocessable_entity", "Give new text for at least one field, or a new narration.");
        }
        const current = await getVideo(deps(), uid, video_id);
        const view = await result(current);
        const target = view.scenes[scene - 1];
        if (!target) {
          throw new ApiError(
            "unprocessable_entity",
            `This video has ${view.scenes.length} scenes: pick a number from 1 to ${view.scenes.length}.`,
          );
        }
        const values = { ...current.composition.scenes[scene - 1]!.values };
        for (const [key, value] of Object.entries(text ?? {})) {
          const slot =
            target.text_slots.find((s) => s.slot_id === key) ?? target.text_slots.find((s) => s.role === key);
          if (!slot) {
            const known = target.text_slots.map((s) => `${s.slot_id} (${s.role})`).join(", ");
            throw new ApiError(
              "unprocessable_entity",
              `Scene ${scene} has no text field "${key}". Its fields: ${known || "none"}.`,
              {
                issues: [{ path: `text.${key}`, message: "unknown field" }],
              },
            );
          }
          values[slot.slot_id] = { type: "text", text: value };
        }
        const scenes = current.composition.scenes.map(({ voice: _voice, ...s }, i) =>
          i === scene - 1 ? { ...s, values, ...(narration === undefined ? {} : { narration }) } : s,
        );
        const edited = await editVideo(deps(), uid, video_id, { revision: current.revision, scenes });
        return ok({ video: await result(edited) }, `Scene ${scene} saved (revision ${edited.revision}).`);
      }),
  );

  server.registerTool(
    "render_video",
    {
      title: "Render a video",
      description:
        "Starts rendering the video's current storyboard to an MP4. Spends credits (list_templates says how many per " +
        "15 s) and needs an API key with the render permission. Answers at once with the job; follow it with " +
        "wait_for_video or get_video.",
      inputSchema: { video_id: videoId },
      outputSchema: { video: videoResultSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ video_id }) =>
      runTool(ctx, "render_video", { scope: "render" }, async () => {
        const video = await requestRender(deps(), uid, video_id);
        const r = video.render!;
        return ok(
          { video: await result(video) },
          `Render queued (job ${r.job_id}, ${r.credits} credits). Call wait_for_video to follow it.`,
        );
      }),
  );

  server.registerTool(
    "get_video",
    {
      title: "Get a video",
      description:
        "A video's status, render progress and scenes; when ready, its MP4's absolute URL (signed, valid about an hour).",
      inputSchema: { video_id: videoId },
      outputSchema: { video: videoResultSchema },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ video_id }) =>
      runTool(ctx, "get_video", { scope: "read" }, async () =>
        ok({ video: await result(await getVideo(deps(), uid, video_id)) }),
      ),
  );

  server.registerTool(
    "wait_for_video",
    {
      title: "Wait for a video's render",
      description:
        `Waits while the video renders (up to timeout_s, at most ${MAX_WAIT_S} s), sending progress notifications, ` +
        "and answers the video as get_video does: finished is false when it is still rendering (call again).",
      inputSchema: {
        video_id: videoId,
        timeout_s: z.number().int().min(1).max(MAX_WAIT_S).default(DEFAULT_WAIT_S).describe("Longest wait in seconds"),
      },
      outputSchema: { finished: z.boolean(), video: videoResultSchema },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ video_id, timeout_s }, extra) =>
      runTool(ctx, "wait_for_video", { scope: "read" }, async () => {
        const report = progressReporter(extra);
        const until = Date.now() + timeout_s * 1000;
        let video = await getVideo(deps(), uid, video_id);
        while (video.status === "rendering" && Date.now() < until && !extra.signal.aborted) {
          const r = video.render;
          if (r)
            await report(r.progress, `${r.stage}${r.frames ? ` (${r.frames.rendered}/${r.frames.total} frames)` : ""}`);
          await pause(Math.min(POLL_MS, Math.max(0, until - Date.now())), extra.signal);
          video = await getVideo(deps(), uid, video_id);
        }
        const finished = video.status !== "rendering";
        if (finished && video.render?.state === "succeeded") await report(1, "ready");
        const view = await result(video);
        const summary = !finished
          ? `Still rendering (${Math.round((video.render?.progress ?? 0) * 100)}%): call wait_for_video again.`
          : view.file && video.render?.state === "succeeded"
            ? `Ready: ${view.file.video_url}`
            : `The render ended: ${video.render?.error ?? video.render?.state ?? video.status}.`;
        return ok({ finished, video: view }, summary);
      }),
  );

  server.registerTool(
    "list_videos",
    {
      title: "List my videos",
      description: "Your videos, newest first, a page at a time, with their status.",
      inputSchema: { cursor: z.string().max(128).optional().describe("next_cursor of the previous page") },
      outputSchema: { videos: z.array(videoSummaryResultSchema), next_cursor: z.string().nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ cursor }) =>
      runTool(ctx, "list_videos", { scope: "read" }, async () => {
        const page = await listVideos(deps(), uid, cursor ?? null);
        return ok({ videos: page.items.map((v) => toSummaryResult(ctx, v)), next_cursor: page.nextCursor });
      }),
  );
}
