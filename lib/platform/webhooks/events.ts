/**
 * The one way a domain emits a webhook event: `stageWebhookEvent` inside the
 * transaction that settles the state (a render finished, a batch ended…).
 * It only writes (so it fits after the transaction's reads): one outbox row,
 * committed with the state change or not at all, so a crash cannot lose an
 * event and a retried transaction cannot make two. Its id derives from the
 * state change's own key (a job id, a batch id), so staging the same change
 * twice writes the same row. The webhook worker fans each row out to the
 * owner's subscribed endpoints (worker.ts).
 */
import { createHash } from "node:crypto";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import { webhookEvents } from "./collections";
import type { WebhookEventType } from "./contract";

export function webhookEventId(type: string, key: string): string {
  return `evt_${createHash("sha256").update(`${type}\n${key}`).digest("hex").slice(0, 32)}`;
}

/** Where a payload's links point: the app's public address when set (APP_BASE_URL), else paths on it. */
export function appLink(path: string): string {
  const base = (process.env.APP_BASE_URL ?? "").replace(/\/+$/, "");
  return `${base}${path}`;
}

export function stageWebhookEvent(
  db: Db,
  tx: Transaction,
  e: { ownerId: string; type: WebhookEventType; key: string; data: Record<string, unknown>; now: Date },
): string {
  const id = webhookEventId(e.type, e.key);
  tx.set(db.collection(webhookEvents).doc(id), {
    owner_id: e.ownerId,
    type: e.type,
    data: e.data,
    state: "pending",
    created_at: e.now.toISOString(),
  });
  return id;
}
