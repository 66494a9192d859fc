/** The words the video screens show for a video's status and its render stage. */
import type { RenderStageName, VideoSummary } from "@/lib/creation/video/contract";

export const STATUS_TEXT: Record<VideoSummary["status"], string> = {
  draft: "Draft",
  rendering: "Rendering",
  ready: "Ready",
  failed: "Failed",
};

export const STAGE_TEXT: Record<RenderStageName, string> = {
  queued: "Waiting for a renderer",
  images: "Making the pictures",
  voice: "Recording the voice-over",
  rendering: "Rendering frames",
  encoding: "Encoding the MP4",
  saving: "Saving the files",
};
