import "server-only";
/**
 * A person's webhook endpoints: made, listed, changed, deleted and their
 * secret rolled by their owner (/api/v1/webhooks, /developers/webhooks).
 * The URL goes through the outgoing-HTTP guard when saved (a private or
 * internal address is refused now, not at the first event) and again on
 * every send. https only, except hosts the operator allow-listed
 * (URL_FETCH_ALLOW_HOSTS: local receivers in development and tests).
 * Every read and write checks the owner: another person's id is "not found".
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import { isLinkError } from "@/lib/platform/http/errors";
import { checkPublicUrl, isAllowListedHost, type Resolver } from "@/lib/platform/http/safe-fetch";
import { newWebhookSecret } from "@/lib/platform/http/webhook";
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointDoc } from "./collections";
import {
  MAX_WEBHOOK_ENDPOINTS,
  type createWebhookInput,
  type updateWebhookInput,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from "./contract";
import type { z } from "zod";

/** How URLs are checked (tests inject a resolver and the allow list). */
export interface UrlCheckOptions {
  resolver?: Resolver;
  allowHosts?: readonly string[];
}

function secretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

async function view(db: Db, id: string, d: WebhookEndpointDoc): Promise<WebhookEndpointView> {
  const [last] = await db
    .collection(webhookDeliveries)
    .where("endpoint_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(1)
    .get();
  return {
    id,
    url: d.url,
    description: d.description,
    events: d.events,
    enabled: d.enabled,
    secret_hint: secretHint(d.secret),
    created_at: d.created_at,
    updated_at: d.updated_at,
    last_delivery: last
      ? {
          state: last.data.state,
          status: last.data.attempts.at(-1)?.status ?? null,
          at: last.data.attempts.at(-1)?.at ?? last.data.created_at,
        }
      : null,
  };
}

/** Refuses a URL that is not https (unless allow-listed) or whose host is private, with a sentence for the form. */
export async function checkWebhookUrl(raw: string, o: UrlCheckOptions = {}): Promise<string> {
  const invalid = (message: string) =>
    new ApiError("unprocessable_entity", message, { issues: [{ path: "url", message }] });
  let url: URL;
  try {
    url = await checkPublicUrl(raw, { resolver: o.resolver, allowHosts: o.allowHosts, timeoutMs: 5000 });
  } catch (e) {
    if (isLinkError(e)) {
      const message =
        e.reason === "blocked_address"
          ? `${e.message.replace(/, so it is not fetched\.$/, "")}: webhooks are only sent to public addresses.`
          : e.message;
      throw invalid(message);
    }
    throw invalid("That address could not be checked. Try again.");
  }
  if (url.protocol !== "https:" && !isAllowListedHost(url.hostname, o.allowHosts))
    throw invalid("Use an https:// address: events are only sent over an encrypted connection.");
  return url.toString();
}

/** The endpoint, if it is `uid`'s; a 404 otherwise (whoever's it is). */
export async function ownEndpoint(db: Db, uid: string, id: string): Promise<WebhookEndpointDoc> {
  const snap = DOC_ID.test(id) ? await db.collection(webhookEndpoints).doc(id).get() : null;
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such webhook endpoint.");
  return snap.data;
}

export async function listEndpoints(db: Db, uid: string): Promise<WebhookEndpointView[]> {
  const rows = await db.collection(webhookEndpoints).where("owner_id", "==", uid).orderBy("created_at").get();
  return Promise.all(rows.map((r) => view(db, r.id, r.data)));
}

export async function getEndpoint(db: Db, uid: string, id: string): Promise<WebhookEndpointView> {
  return view(db, id, await ownEndpoint(db, uid, id));
}

export async function createEndpoint(
  db: Db,
  uid: string,
  input: z.output<typeof createWebhookInput>,
  o: UrlCheckOptions & { now?: Date } = {},
): Promise<WebhookEndpointWithSecret> {
  const url = await checkWebhookUrl(input.url, o);
  const at = (o.now ?? new Date()).toISOString();
  const secret = newWebhookSecret();
  const ref = db.collection(webhookEndpoints).doc();
  const doc: WebhookEndpointDoc = {
    owner_id: uid,
    url,
    description: input.description,
    events: input.events,
    enabled: input.enabled,
    secret,
    created_at: at,
    updated_at: at,
  };
  await db.runTransaction(async (tx) => {
    const mine = await tx.get(
      db.collection(webhookEndpoints).where("owner_id", "==", uid).limit(MAX_WEBHOOK_ENDPOINTS),
    );
    if (mine.length >= MAX_WEBHOOK_ENDPOINTS)
      throw new ApiError(
        "conflict",
        `You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most there can be. Delete one you no longer use first.`,
      );
    tx.create(ref, doc);
  });
  return { ...(await view(db, ref.id, doc)), secret };
}

export async function updateEndpoint(
  db: Db,
  uid: string,
  id: string,
  patch: z.output<typeof updateWebhookInput>,
  o: UrlCheckOptions & { now?: Date } = {},
): Promise<WebhookEndpointView> {
  await ownEndpoint(db, uid, id);
  const url = patch.url !== undefined ? await checkWebhookUrl(patch.url, o) : undefined;
  const at = (o.now ?? new Date()).toISOString();
  const ref = db.collection(webhookEndpoints).doc(id);
  const after = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such webhook endpoint.");
    const next: WebhookEndpointDoc = {
      ...snap.data,
      ...(url !== undefined ? { url } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.events !== undefined ? { events: patch.events } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      updated_at: at,
    };
    tx.set(ref, next);
    return next;
  });
  return view(db, id, after);
}

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rollSecret(
  db: Db,
  uid: string,
  id: string,
  now = new Date(),
): Promise<WebhookEndpointWithSecret> {
  const doc = await ownEndpoint(db, uid, id);
  const secret = newWebhookSecret();
  await db.collection(webhookEndpoints).doc(id).update({ secret, updated_at: now.toISOString() });
  return { ...(await view(db, id, { ...doc, secret })), secret };
}

/** Deletes the endpoint and its delivery log (queued attempts find it gone and stop). */
export async function deleteEndpoint(db: Db, uid: string, id: string): Promise<{ id: string; deleted: true }> {
  await ownEndpoint(db, uid, id);
  await db.collection(webhookEndpoints).doc(id).delete();
  for (;;) {
    const rows = await db.collection(webhookDeliveries).where("endpoint_id", "==", id).limit(400).get();
    if (rows.length === 0) break;
    const b = db.batch();
    for (const r of rows) b.delete(db.collection(webhookDeliveries).doc(r.id));
    await b.commit();
  }
  return { id, deleted: true };
}
