import "server-only";
/**
 * Where the webhook worker meets the process: registered as the "webhooks"
 * kind (so `npm run worker` runs it: scripts/worker.ts), and started in the
 * app process by the webhook routes and by the runtimes of the domains that
 * emit events (video, images, batches), IN_APP_WORKER permitting.
 */
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { createWebhookWorker, type WebhookWorker } from "./worker";

registerWorker("webhooks", (_settings, o) => createWebhookWorker({ db: getDb(), ...o }));

export function startWebhookWorker(): WebhookWorker | null {
  return startInAppWorker<WebhookWorker>("webhooks");
}
