import "server-only";
/**
 * The MCP tools for a video once it exists: edit a scene's text, render
 * (spends credits), follow the render with progress to the file's URL, read
 * one, list them. Each calls the same service as its /api/v1/videos route,
 * with the same permission.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { MAX_SCENES } from "@/lib/engine/composition/composition-schema";
import { ApiError } from "@/lib/platform/api/errors";
import type { VideoView } from "@/lib/creation/video/contract";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { listVideos } from "@/lib/creation/video/service/list-videos";
import { requestRender } from "@/lib/creation/video/service/request-render";
import { ok, pause, progressReporter, runTool, type ToolContext } from "./tool-kit";
import {
  toSummaryResult,
  toVideoResult,
  videoResultSchema,
  videoSummaryResultSchema,
  type VideoResult,
} from "./video-view";

/** How long wait_for_video may hold a call: long enough for a short render, short of proxies' idle cut-offs. */
export const MAX_WAIT_S = 120;
const DEFAULT_WAIT_S = 55;
const POLL_MS = 1000;

const videoId = z.string().trim().min(1).max(128).describe("The video's id");

export function registerVideoTools(server: McpServer, ctx: ToolContext): void {
  const deps = () => videoRuntime();
  const uid = ctx.user.uid;
  const result = async (v: VideoView): Promise<VideoResult> => toVideoResult(ctx, deps().db, v);

  server.registerTool(
    "edit_scene_text",
    {
      title: "Edit a scene's text",
      description:
        "Changes one scene's text fields (headline, body, call to action… by slot_id or role, as get_video lists them) " +
        "and/or its narration. Not while the video renders.",
      inputSchema: {
        video_id: videoId,
        scene: z.number().int().min(1).max(MAX_SCENES).describe("The scene's number (1 = first)"),
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
