import "server-only";
/**
 * The MCP tools that list what a video can be made with: templates (and the
 * other choices of the create form), voices, and the person's saved products.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { videoOptions } from "@/lib/creation/video/service/video-options";
import { listProducts } from "@/lib/creation/products/service";
import { absoluteUrl, ok, runTool, type ToolContext } from "./tool-kit";

export function registerCatalogTools(server: McpServer, ctx: ToolContext): void {
  const deps = () => videoRuntime();
  const uid = ctx.user.uid;

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
}
