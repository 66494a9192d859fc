import "server-only";
/** The one place the workspace meets the configured stores (and the video worker, which a deleted render's cancel needs). */
import { videoRuntime } from "@/lib/creation/video/runtime";
import type { WorkspaceDeps } from "./list";

export function workspaceRuntime(): WorkspaceDeps {
  const { db, store } = videoRuntime();
  return { db, store };
}
