import "server-only";
/**
 * What the chat's tools do, over our own data: look up a user, a content item
 * or a job; count a collection's documents with equality filters on declared
 * fields (the registry says which); generate an image through the image
 * generation service (charged like any run); draft a layout into the
 * generated-layouts review queue (logged in the update log). Every lookup is
 * a staff action (the routes are staff-only) and answers a short summary,
 * never secrets.
 */
import { randomBytes } from "node:crypto";
import { tool } from "ai";
import { ApiError } from "@/lib/platform/api/errors";
import { defaultModelId as defaultImageModelId } from "@/lib/platform/ai/models";
import { layouts } from "@/lib/engine/composition/collections";
import { CONTENT_KINDS, CONTENT_STATUSES, content, jobs, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { readCounter } from "@/lib/platform/db/counters";
import { contentStatusCounter } from "@/lib/platform/db/content-counters";
import { isDbError } from "@/lib/platform/db/errors";
import type { WhereOp } from "@/lib/platform/db/driver";
import { startGeneration, type GenerationDeps } from "@/lib/media/images/generation-service";
import { logChange } from "@/lib/platform/update-log/write";
import { draftLayoutBody, draftLayoutId } from "./draft-layout";
import { CHAT_TOOL_SPECS } from "./tool-schemas";

export interface ChatToolContext {
  db: Db;
  /** The staff member chatting (owner of images the chat generates). */
  uid: string;
  chatId: string;
  modelId: string;
  now: () => Date;
  /** The image generation service's deps; null where the chat cannot generate (tests of other tools). */
  images: (() => GenerationDeps) | null;
  /** Starts the image worker once a run is accepted (the app's in-process worker). */
  onImageAccepted?: () => void;
}

/** Fields a collection declares: its schema's top-level keys (dotted paths go under one of them). */
export function declaredFields(db: Db, collection: string): string[] | null {
  const def = db.collections().find((c) => c.name === collection && c.parent === null);
  return def ? Object.keys(def.schema.shape) : null;
}

export function collectionNames(db: Db): string[] {
  return db
    .collections()
    .filter((c) => c.parent === null)
    .map((c) => c.name)
    .sort();
}

export async function countDocuments(
  db: Db,
  input: { collection: string; filters: { field: string; op: "==" | "!=" | "in"; value: unknown }[] },
): Promise<{ collection: string; filters: string[]; count: number }> {
  const fields = declaredFields(db, input.collection);
  if (!fields) throw new ApiError("not_found", unknownCollectionMessage(db, input.collection));
  const inequalities = input.filters.filter((f) => f.op === "!=");
  if (inequalities.length > 1) throw new ApiError("unprocessable_entity", "At most one != filter per count.");
  let q = db.collectionByName(input.collection) as unknown as {
    where(f: string, op: WhereOp, v: unknown): typeof q;
    count(): Promise<number>;
  };
  for (const f of input.filters) {
    if (!fields.includes(f.field.split(".")[0]!)) {
      throw new ApiError(
        "unprocessable_entity",
        `"${f.field}" is not a field of ${input.collection}. Its fields: ${fields.join(", ")}.`,
      );
    }
    if (f.op === "in" && !Array.isArray(f.value))
      throw new ApiError("unprocessable_entity", `The "in" filter on ${f.field} needs a list of values.`);
    if (f.op !== "in" && Array.isArray(f.value))
      throw new ApiError("unprocessable_entity", `The "${f.op}" filter on ${f.field} needs one value, not a list.`);
    q = q.where(f.field, f.op, f.value);
  }
  const count = await q.count();
  return {
    collection: input.collection,
    filters: input.filters.map((f) => `${f.field} ${f.op} ${JSON.stringify(f.value)}`),
    count,
  };
}

/**
 * A short, readable answer for a collection that does not exist: a content
 * kind ("videos") points at count_content; otherwise at most three names that
 * look alike. Never the whole registry (39 names is not an answer).
 */
export function unknownCollectionMessage(db: Db, name: string): string {
  const word = name.toLowerCase().replace(/s$/, "");
  if ((CONTENT_KINDS as readonly string[]).includes(word))
    return `There is no collection "${name}": ${word}s are content items. Count them with count_content (kind ${word}).`;
  const stem = word.slice(0, 4);
  const alike = collectionNames(db)
    .filter((c) => c.startsWith(stem) || c.includes(word) || word.includes(c.replace(/s$/, "")))
    .slice(0, 3);
  return alike.length
    ? `There is no collection "${name}". Did you mean ${alike.join(", ")}?`
    : `There is no collection "${name}".`;
}

/** Content items by kind and status: what "how many videos are ready" means. */
export async function countContent(
  db: Db,
  input: { kind?: (typeof CONTENT_KINDS)[number]; status?: (typeof CONTENT_STATUSES)[number] },
): Promise<{ kind: string; status: string; count: number }> {
  // The store keeps content per kind and status (lib/platform/db/content-counters.ts): a few documents, no count scan.
  const { totals } = await readCounter(
    db,
    contentStatusCounter,
    input.kind ? { from: `${input.kind}|`, to: `${input.kind}}` } : {},
  );
  let count = 0;
  for (const [key, values] of totals) {
    const [kind, status] = key.split("|");
    if ((!input.kind || kind === input.kind) && (!input.status || status === input.status)) count += values.n ?? 0;
  }
  return { kind: input.kind ?? "any", status: input.status ?? "any", count };
}

export async function lookupUser(db: Db, input: { email?: string; uid?: string }) {
  let snap;
  if (input.uid) snap = await db.collection(users).doc(input.uid).get();
  else {
    const [hit] = await db.collection(users).where("email", "==", input.email!.toLowerCase()).limit(1).get();
    snap = hit ?? (await db.collection(users).where("email", "==", input.email!).limit(1).get())[0] ?? null;
  }
  if (!snap)
    return {
      found: false as const,
      message: `No user with ${input.uid ? `uid ${input.uid}` : `email ${input.email}`}.`,
    };
  const u = snap.data;
  return {
    found: true as const,
    uid: snap.id,
    email: u.email,
    name: u.name,
    plan: u.plan,
    credits: u.credits,
    is_staff: u.is_staff,
    provider: u.provider,
    created_at: u.created_at,
    last_login_at: u.last_login_at,
  };
}

export async function lookupContent(db: Db, id: string) {
  const snap = await db.collection(content).doc(id).get();
  if (!snap) return { found: false as const, message: `No content item with id ${id}.` };
  const c = snap.data;
  return {
    found: true as const,
    id,
    kind: c.kind,
    title: c.title,
    status: c.status,
    visibility: c.visibility,
    owner_id: c.owner_id,
    error: c.error,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export async function lookupJob(db: Db, id: string) {
  const snap = await db.collection(jobs).doc(id).get();
  if (!snap) return { found: false as const, message: `No job with id ${id}.` };
  const j = snap.data;
  return {
    found: true as const,
    id,
    type: j.type,
    state: j.state,
    progress: j.progress,
    attempts: j.attempts,
    max_attempts: j.max_attempts,
    error: j.error,
    owner_id: j.owner_id,
    content_id: j.content_id,
    created_at: j.created_at,
    updated_at: j.updated_at,
  };
}

export async function draftLayout(ctx: ChatToolContext, input: Parameters<typeof draftLayoutBody>[0]) {
  const body = draftLayoutBody(input);
  const id = draftLayoutId(input.name, randomBytes(3).toString("hex"));
  const at = ctx.now().toISOString();
  const doc = {
    ...body,
    stage: "draft" as const,
    revision: 0,
    demo: false,
    created_at: at,
    updated_at: at,
    created_by: ctx.uid,
    origin: "generated" as const,
    version: 1,
    generation: {
      brief: input.brief,
      model_id: ctx.modelId,
      batch_id: `chat-${ctx.chatId}`.slice(0, 128),
      status: "pending" as const,
      reason: null,
      reviewed_by: null,
      reviewed_at: null,
    },
  };
  const ref = ctx.db.collection(layouts).doc(id);
  await ctx.db.runTransaction(async (tx) => {
    tx.create(ref, doc);
    logChange(ctx.db, tx, {
      entityType: "layout",
      entityId: id,
      entityLabel: body.name,
      action: "create",
      before: null,
      after: doc,
    });
  });
  return {
    layout_id: id,
    name: body.name,
    slots: body.slots.map((s) => s.id),
    stage: "draft",
    review: `/generated-layouts/${id}`,
  };
}

export async function generateImage(ctx: ChatToolContext, input: { prompt: string; aspect_ratio: string }) {
  if (!ctx.images) throw new ApiError("service_unavailable", "Image generation is not available here.");
  const started = await startGeneration({
    uid: ctx.uid,
    input: { prompt: input.prompt, aspectRatio: input.aspect_ratio, count: 1, modelId: defaultImageModelId() },
    deps: ctx.images(),
  });
  ctx.onImageAccepted?.();
  return {
    job_id: started.jobId,
    content_ids: started.contentIds,
    cost: started.cost,
    balance: started.balance,
    view: `/image-gen/${started.contentIds[0]}`,
  };
}

/** The AI SDK tool set for one chat request. */
export function chatTools(ctx: ChatToolContext) {
  const s = CHAT_TOOL_SPECS;
  return {
    lookup_user: tool({ ...s.lookup_user, execute: (input) => lookupUser(ctx.db, input) }),
    lookup_content: tool({ ...s.lookup_content, execute: ({ id }) => lookupContent(ctx.db, id) }),
    lookup_job: tool({ ...s.lookup_job, execute: ({ id }) => lookupJob(ctx.db, id) }),
    count_content: tool({ ...s.count_content, execute: (input) => countContent(ctx.db, input) }),
    count_documents: tool({ ...s.count_documents, execute: (input) => countDocuments(ctx.db, input) }),
    generate_image: tool({ ...s.generate_image, execute: (input) => generateImage(ctx, input) }),
    draft_layout: tool({ ...s.draft_layout, execute: (input) => draftLayout(ctx, input) }),
  };
}

export type ChatTools = ReturnType<typeof chatTools>;

/** The words a failed tool or stream shows: ours are written for people; anything else stays in the log. */
export function safeErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isDbError(error)) return error.message;
  const name = (error as { name?: string } | null)?.name ?? "";
  if (/InvalidToolInput|NoSuchTool|InvalidArgument/.test(name)) return String((error as Error).message).slice(0, 1000);
  // The SDK hands invalid tool calls over as their message text.
  if (typeof error === "string" && /^(Invalid input for tool|Model tried to call unavailable tool)/.test(error))
    return error.slice(0, 1000);
  console.error("[chat] tool or stream failed", error);
  return "Something went wrong while answering. Try again.";
}
