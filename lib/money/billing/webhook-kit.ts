/**
 * What every Stripe event handler shares: the event it reads, the read phase
 * returning a staged write phase (the caller's transaction also records the
 * event id, so an event is applied at most once), and the object check.
 */
import type { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import type { BillingEventDoc } from "./collections";
import type { BillingConfig } from "./config";

export interface EventContext {
  db: Db;
  config: BillingConfig;
  eventId: string;
  eventType: string;
  /** The event's own `created`, for ordering. */
  eventAt: Date;
  object: unknown;
  now: Date;
}

export interface Handled {
  outcome: BillingEventDoc["outcome"];
  ownerId: string | null;
  summary: string;
  stage(): void;
}

export type Handler = (tx: Transaction, c: EventContext) => Promise<Handled>;

export const nothing = () => undefined;

export function parse<S extends z.ZodType>(schema: S, c: EventContext): z.output<S> {
  const parsed = schema.safeParse(c.object);
  if (!parsed.success) {
    console.error(
      `[billing] ${c.eventType} ${c.eventId} has a shape we do not understand`,
      parsed.error.issues.slice(0, 5),
    );
    // 400 and nothing recorded: Stripe retries for days, so the event is applied once the code understands it.
    throw new ApiError(
      "bad_request",
      `This ${c.eventType} event's object is not in the shape this server understands; it was not applied.`,
    );
  }
  return parsed.data;
}

export function ignored(
  outcome: Handled["outcome"],
  ownerId: string | null,
  summary: string,
  stage: () => void,
): Handled {
  return { outcome, ownerId, summary, stage };
}
