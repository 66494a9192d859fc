import "server-only";
/** Where the chat meets the configured store and the image worker (route handlers only). */
import { getDb } from "@/lib/platform/db";
import { imageRuntime, startInAppWorker } from "@/lib/media/images/runtime";
import type { ChatDeps } from "./service";

export function chatRuntime(): ChatDeps {
  return { db: getDb(), images: imageRuntime, onImageAccepted: () => void startInAppWorker() };
}
