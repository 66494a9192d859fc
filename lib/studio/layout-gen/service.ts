import "server-only";
/**
 * Generated layout candidates in the store: saving a batch from the
 * generator, the review queue, approving (the candidate enters the layout
 * pipeline as a draft) and rejecting (kept with its reason, out of the
 * library), and the demo candidates a fresh install shows. Every write bumps
 * `revision`, checks the revision the reviewer saw and writes the update log
 * in the same transaction.
 */
import { randomBytes } from "node:crypto";
import { LANGUAGE_MODELS, listLanguageModels } from "@/lib/platform/ai/language/models";
import { LOCAL_LANGUAGE_MODEL_ID, type LocalResponder } from "@/lib/platform/ai/language/local-language-model";
import { ApiError } from "@/lib/platform/api/errors";
import { layouts, type LayoutDoc, type LayoutGeneration } from "@/lib/engine/composition/collections";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import type { Db } from "@/lib/platform/db/db";
import { isDbError } from "@/lib/platform/db/errors";
import { logChange } from "@/lib/platform/update-log/write";
import { runAs, systemContext } from "@/lib/platform/update-log/context";
import {
  pipelinePath,
  type CandidateOutcome,
  type GenerateLayoutsResult,
  type GeneratedLayoutView,
  type ReviewFilter,
} from "./contract";
import { generateLayoutCandidates } from "./generator";
import { LOCAL_LAYOUT_NOTICE, localLayout } from "./local-layouts";

export interface LayoutGenDeps {
  db: Db;
  now?: () => Date;
}

const nowOf = (deps: LayoutGenDeps) => (deps.now ? deps.now() : new Date());

export function modelLabel(modelId: string): string {
  return LANGUAGE_MODELS.find((m) => m.id === modelId)?.label ?? modelId;
}

export function toView(id: string, doc: LayoutDoc): GeneratedLayoutView {
  const generation = doc.generation!;
  return {
    id,
    name: doc.name,
    description: doc.description,
    slots: doc.slots,
    boxes: doc.boxes,
    stage: doc.stage,
    revision: doc.revision,
    demo: doc.demo,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    created_by: doc.created_by,
    generation,
    model_label: modelLabel(generation.model_id),
    preview: LANGUAGE_MODELS.find((m) => m.id === generation.model_id)?.provider === "local",
    pipeline_path: pipelinePath(id),
  };
}

/** A new batch id: 8 lowercase hex characters (candidate ids are `gen-<batch>-<n>`). */
export function newBatchId(): string {
  return randomBytes(4).toString("hex");
}

export const candidateId = (batchId: string, n: number) => `gen-${batchId}-${n}`;

/** Saves the usable candidates of one batch, pending review, with one update-log entry each, all or nothing. */
export async function saveCandidates(
  deps: LayoutGenDeps,
  a: {
    userId: string;
    batchId: string;
    brief: string;
    modelId: string;
    candidates: { index: number; layout: LayoutBody }[];
    demo?: boolean;
  },
): Promise<GeneratedLayoutView[]> {
  const at = nowOf(deps).toISOString();
  const docs = a.candidates.map(({ index, layout }) => {
    const doc: LayoutDoc = {
      ...layout,
      stage: "draft",
      revision: 0,
      demo: a.demo ?? false,
      created_at: at,
      updated_at: at,
      created_by: a.userId,
      origin: "generated",
      version: 1,
      generation: {
        brief: a.brief.slice(0, 2000),
        model_id: a.modelId,
        batch_id: a.batchId,
        status: "pending",
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
      },
    };
    return { id: candidateId(a.batchId, index + 1), doc };
  });
  if (docs.length === 0) return [];
  await deps.db.runTransaction(async (tx) => {
    const refs = docs.map((d) => deps.db.collection(layouts).doc(d.id));
    const existing = await Promise.all(refs.map((r) => tx.get(r)));
    if (existing.some(Boolean))
      throw new ApiError("conflict", "A layout with one of these ids already exists. Generate again.");
    docs.forEach((d, i) => {
      tx.create(refs[i]!, d.doc);
      logChange(deps.db, tx, {
        entityType: "layout",
        entityId: d.id,
        entityLabel: d.doc.name,
        action: "generate",
        before: null,
        after: d.doc,
        at: new Date(at),
      });
    });
  });
  return docs.map((d) => toView(d.id, d.doc));
}

async function readGenerated(db: Db, id: string): Promise<LayoutDoc> {
  let snap;
  try {
    snap = await db.collection(layouts).doc(id).get();
  } catch (e) {
    if (isDbError(e, "invalid-id")) throw new ApiError("not_found", "There is no generated layout with this id.");
    throw e;
  }
  if (!snap || snap.data.origin !== "generated" || !snap.data.generation)
    throw new ApiError("not_found", "There is no generated layout with this id.");
  return snap.data;
}

export async function getGenerated(deps: LayoutGenDeps, id: string): Promise<GeneratedLayoutView> {
  return toView(id, await readGenerated(deps.db, id));
}

/** The review queue, newest first (at most 100), or one batch's candidates in order. */
export async function listGenerated(
  deps: LayoutGenDeps,
  q: { status: ReviewFilter; batch?: string },
): Promise<GeneratedLayoutView[]> {
  const col = deps.db.collection(layouts);
  if (q.batch) {
    const rows = await col.where("generation.batch_id" as keyof LayoutDoc & string, "==", q.batch as never).get();
    return rows
      .filter(
        (r) =>
          r.data.origin === "generated" &&
          r.data.generation &&
          (q.status === "all" || r.data.generation.status === q.status),
      )
      .map((r) => toView(r.id, r.data))
      .sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
  }
  const query =
    q.status === "all"
      ? col.where("origin", "==", "generated")
      : col
          .where("generation.status" as keyof LayoutDoc & string, "==", q.status as never)
          .orderBy("created_at", "desc");
  const rows = await query.limit(100).get();
  return rows
    .filter((r) => r.data.generation)
    .map((r) => toView(r.id, r.data))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id, "en", { numeric: true }));
}

export type ReviewDecision = { decision: "approve" } | { decision: "reject"; reason: string };

/**
 * Approves (status accepted; the stage stays draft, so it enters the layout
 * pipeline at its start) or rejects (status rejected, with the reason) a
 * pending candidate, if nobody changed it since `revision`.
 */
export async function reviewGenerated(
  deps: LayoutGenDeps,
  a: { id: string; userId: string; revision: number } & ReviewDecision,
): Promise<GeneratedLayoutView> {
  const at = nowOf(deps).toISOString();
  const ref = deps.db.collection(layouts).doc(a.id);
  await readGenerated(deps.db, a.id);
  const after = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap || !snap.data.generation || snap.data.origin !== "generated")
      throw new ApiError("not_found", "There is no generated layout with this id.");
    const before = snap.data;
    if (before.revision !== a.revision) {
      throw new ApiError(
        "conflict",
        `Someone else changed this layout while you were looking at it (you saw revision ${a.revision}, it is now at ${before.revision}). Reload to see the latest and decide again.`,
        {
          issues: [{ path: "revision", message: "revision_conflict" }],
        },
      );
    }
    if (before.generation!.status !== "pending") {
      throw new ApiError(
        "conflict",
        `This candidate was already ${before.generation!.status === "accepted" ? "approved" : "rejected"}.`,
        { issues: [{ path: "generation.status", message: before.generation!.status }] },
      );
    }
    const generation: LayoutGeneration = {
      ...before.generation!,
      status: a.decision === "approve" ? "accepted" : "rejected",
      reason: a.decision === "reject" ? a.reason.trim().slice(0, 500) : null,
      reviewed_by: a.userId,
      reviewed_at: at,
    };
    const next: LayoutDoc = { ...before, generation, revision: before.revision + 1, updated_at: at };
    tx.update(ref, { generation, revision: next.revision, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "layout",
      entityId: a.id,
      entityLabel: before.name,
      action: a.decision,
      before,
      after: next,
      at: new Date(at),
    });
    return next;
  });
  return toView(a.id, after);
}

/** The candidates a fresh install shows in the review queue: made by the Local preview rules from fixed briefs. */
export const DEMO_BATCHES = [
  {
    batchId: "demo-product",
    brief: "A product hero with price badge, three bullet points, logo bottom right",
    count: 2,
  },
  {
    batchId: "demo-event",
    brief: "An event announcement with a date label, a big headline, a photo and a sign-up button",
    count: 1,
  },
] as const;

/** Creates the demo candidates that do not exist yet (never overwrites; a rejected or approved one stays as it is). */
export async function ensureDemoCandidates(deps: LayoutGenDeps): Promise<number> {
  let created = 0;
  await runAs(systemContext("seed"), async () => {
    for (const b of DEMO_BATCHES) {
      for (let i = 0; i < b.count; i++) {
        const id = candidateId(b.batchId, i + 1);
        if (await deps.db.collection(layouts).doc(id).get()) continue;
        try {
          await saveCandidates(deps, {
            userId: "system",
            batchId: b.batchId,
            brief: b.brief,
            modelId: LOCAL_LANGUAGE_MODEL_ID,
            demo: true,
            candidates: [{ index: i, layout: localLayout({ brief: b.brief, variant: i, count: b.count }) }],
          });
          created++;
        } catch (e) {
          // Another process seeded it first.
          if (!(e instanceof ApiError && e.code === "conflict") && !isDbError(e, "already-exists")) throw e;
        }
      }
    }
  });
  return created;
}

/** Generation as the route runs it: the model (enabled on this server), the candidates, the repaired ones saved as one batch. */
export async function generateLayouts(
  deps: LayoutGenDeps,
  a: {
    userId: string;
    brief: string;
    count: number;
    modelId: string;
    env?: Record<string, string | undefined>;
    local?: LocalResponder;
    abortSignal?: AbortSignal;
  },
): Promise<GenerateLayoutsResult> {
  const env = a.env ?? process.env;
  const model = listLanguageModels(env).find((m) => m.id === a.modelId);
  if (!model)
    throw new ApiError("unprocessable_entity", `There is no language model called "${a.modelId}".`, {
      issues: [{ path: "model_id", message: "unknown model" }],
    });
  if (!model.enabled)
    throw new ApiError(
      "unprocessable_entity",
      `${model.label} is not configured on this server. ${model.note ?? ""}`.trim(),
      { issues: [{ path: "model_id", message: "not configured" }] },
    );
  const batchId = newBatchId();
  const { entry, results } = await generateLayoutCandidates({
    db: deps.db,
    brief: a.brief,
    count: a.count,
    modelId: a.modelId,
    ownerId: a.userId,
    batchId,
    env,
    local: a.local,
    abortSignal: a.abortSignal,
  });
  const usable = results.flatMap((r) => (r.ok ? [{ index: r.index, layout: r.layout }] : []));
  const saved = await saveCandidates(deps, {
    userId: a.userId,
    batchId,
    brief: a.brief,
    modelId: entry.id,
    candidates: usable,
  });
  const byIndex = new Map(usable.map((u, i) => [u.index, saved[i]!]));
  const preview = entry.provider === "local";
  return {
    batch_id: batchId,
    model_id: entry.id,
    model_label: entry.label,
    preview,
    notice: preview ? LOCAL_LAYOUT_NOTICE : null,
    candidates: results.map(
      (r): CandidateOutcome =>
        r.ok
          ? { index: r.index, status: "saved", layout: byIndex.get(r.index)!, repairs: r.repairs }
          : { index: r.index, status: "rejected", reason: r.reason, repairs: r.repairs },
    ),
  };
}
