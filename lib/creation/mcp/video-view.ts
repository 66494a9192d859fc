import "server-only";
/**
 * A video as the MCP tools answer it: the API's VideoView cut to what an
 * assistant acts on (status, progress, the file's absolute URL when ready,
 * each scene's text fields by slot id), with links to the site's pages.
 */
import { z } from "zod";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import type { Db } from "@/lib/platform/db/db";
import type { VideoSummary, VideoView } from "@/lib/creation/video/contract";
import { absoluteUrl, type ToolContext } from "./tool-kit";

const textSlot = z.object({
  slot_id: z.string(),
  role: z.string(),
  label: z.string(),
  text: z.string(),
  max_chars: z.number().nullable(),
});

export const sceneResultSchema = z.object({
  number: z.number().describe("1-based position of the scene"),
  id: z.string(),
  layout_id: z.string(),
  narration: z.string(),
  text_slots: z.array(textSlot).describe("The scene's text fields; edit them with edit_scene_text by slot_id or role"),
});

export const renderResultSchema = z.object({
  job_id: z.string(),
  state: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  stage: z.string(),
  progress: z.number().describe("0..1"),
  error: z.string().nullable(),
  credits: z.number(),
  refunded: z.boolean(),
});

export const fileResultSchema = z.object({
  video_url: z.string().describe("Absolute, signed URL of the MP4 (expires after about an hour: ask get_video again)"),
  poster_url: z.string(),
  captions_url: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  duration_ms: z.number(),
  size_bytes: z.number(),
  revision: z.number(),
});

export const videoResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(["draft", "rendering", "ready", "failed"]),
  aspect_ratio: z.string(),
  revision: z.number().describe("Current revision of the storyboard"),
  render: renderResultSchema.nullable(),
  file: fileResultSchema.nullable(),
  page_url: z.string().describe("The video's page on the site"),
  editor_url: z.string().describe("The storyboard editor on the site"),
  notice: z.string().nullable(),
  scenes: z.array(sceneResultSchema),
});
export type VideoResult = z.infer<typeof videoResultSchema>;

export const videoSummaryResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(["draft", "rendering", "ready", "failed"]),
  aspect_ratio: z.string(),
  progress: z.number().nullable(),
  duration_ms: z.number().nullable(),
  page_url: z.string(),
  created_at: z.string(),
});

export function pageUrls(ctx: ToolContext, id: string) {
  return {
    page_url: absoluteUrl(ctx, `/videos/${encodeURIComponent(id)}`),
    editor_url: absoluteUrl(ctx, `/content/${encodeURIComponent(id)}/edit`),
  };
}

export function toSummaryResult(ctx: ToolContext, v: VideoSummary): z.infer<typeof videoSummaryResultSchema> {
  return {
    id: v.id,
    title: v.title,
    status: v.status,
    aspect_ratio: v.aspect_ratio,
    progress: v.progress,
    duration_ms: v.duration_ms,
    page_url: pageUrls(ctx, v.id).page_url,
    created_at: v.created_at,
  };
}

export async function toVideoResult(ctx: ToolContext, db: Db, v: VideoView): Promise<VideoResult> {
  const body = v.composition;
  const version = await getTemplateVersion(db, body.template.id, body.template.version);
  const layouts = new Map((version?.layouts ?? []).map((l) => [l.id, l]));
  const scenes = body.scenes.map((scene, i) => {
    const layout = layouts.get(scene.layout_id);
    // The layout names and limits each text field; without it (a layout since removed) the stored values still show.
    const slots = layout
      ? layout.slots.flatMap((s) =>
          s.kind === "text" ? [{ id: s.id, role: s.role as string, label: s.label, maxChars: s.fit.maxChars }] : [],
        )
      : Object.entries(scene.values).flatMap(([id, value]) =>
          value.type === "text" ? [{ id, role: "text", label: id, maxChars: null as number | null }] : [],
        );
    return {
      number: i + 1,
      id: scene.id,
      layout_id: scene.layout_id,
      narration: scene.narration,
      text_slots: slots.map((s) => {
        const value = scene.values[s.id];
        return {
          slot_id: s.id,
          role: s.role,
          label: s.label,
          text: value?.type === "text" ? value.text : "",
          max_chars: s.maxChars ?? null,
        };
      }),
    };
  });
  const r = v.render;
  const f = v.files;
  return {
    id: v.id,
    title: v.title,
    status: v.status,
    aspect_ratio: v.aspect_ratio,
    revision: v.revision,
    render: r
      ? {
          job_id: r.job_id,
          state: r.state,
          stage: r.stage,
          progress: r.progress,
          error: r.error,
          credits: r.credits,
          refunded: r.refunded,
        }
      : null,
    file: f
      ? {
          video_url: absoluteUrl(ctx, f.video_url),
          poster_url: absoluteUrl(ctx, f.poster_url),
          captions_url: absoluteUrl(ctx, f.captions_url),
          width: f.width,
          height: f.height,
          duration_ms: f.duration_ms,
          size_bytes: f.size_bytes,
          revision: f.revision,
        }
      : null,
    ...pageUrls(ctx, v.id),
    notice: v.made_with.notice,
    scenes,
  };
}
