import "server-only";
/**
 * The MCP tools that write a storyboard (a draft video, free): from a brief,
 * from a page's link (saved as a product with its pictures, as /url-to-video
 * does) or from a saved product. The same services as POST /api/v1/videos
 * and /api/v1/links/video, with their permission and limits.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { isLinkError } from "@/lib/platform/http/errors";
import { limitUser } from "@/lib/platform/rate-limit";
import { MAX_BRIEF_CHARS, VIDEO_LENGTHS, type CreateVideoInput } from "@/lib/creation/video/contract";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { videoOptions } from "@/lib/creation/video/service/video-options";
import { extractPage } from "@/lib/creation/links/extract";
import { createProductVideo } from "@/lib/creation/links/product-video";
import { getProduct } from "@/lib/creation/products/service";
import { MAX_PRODUCT_POINTS } from "@/lib/creation/products/contract";
import { ok, progressReporter, runTool, type ToolContext } from "./tool-kit";
import { toVideoResult, videoResultSchema } from "./video-view";

/** Pictures of a page used for a video from its link: the first four, as the link screen picks them. */
const LINK_PICTURES = 4;

/** The settings every "create a video" tool takes; omitted ones get the same defaults as the create form. */
const settingsShape = {
  aspect_ratio: z.enum(COMPOSITION_RATIOS).default("9:16").describe("9:16 (stories, reels), 1:1, 4:5 or 16:9"),
  length_s: z
    .literal(VIDEO_LENGTHS)
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

export function registerCreateTools(server: McpServer, ctx: ToolContext): void {
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

  const result = (v: Parameters<typeof toVideoResult>[2]) => toVideoResult(ctx, deps().db, v);

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
}
