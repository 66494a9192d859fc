import "server-only";
/**
 * The staff layout studio: the library (filters, usage, last stage move),
 * one layout with its live validation, creating a draft, saving a body,
 * moving it through the pipeline's stages and deleting a draft. Every write
 * names the revision it edited (a moved one is a 409 and nothing is
 * written), bumps `revision` (and `version` when the body changed) and logs
 * the change in the update log in the same transaction.
 *
 * Generated candidates still in review (or rejected) belong to
 * /generated-layouts and are left out of the library; once accepted they
 * are ordinary drafts here.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { compositions, layouts, templates, type LayoutDoc } from "@/lib/engine/composition/collections";
import { layoutBodySchema, type LayoutBody, type LayoutSlotInput } from "@/lib/engine/composition/layout-schema";
import { hasErrors, validateLayout, type LayoutIssue } from "@/lib/engine/composition/layout-validation";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { canMoveStage, STAGE_LABELS, stageActionLabel, type LibraryStage } from "@/lib/engine/composition/stages";
import { SAMPLE_MEDIA } from "@/lib/engine/composition/starter";
import type { Db } from "@/lib/platform/db/db";
import { readCounter } from "@/lib/platform/db/counters";
import { layoutUseCounter } from "@/lib/engine/composition/counters";
import type { BlobStore } from "@/lib/platform/storage/types";
import { updateLog, type UpdateLogDoc } from "@/lib/platform/update-log/collections";
import { logChange } from "@/lib/platform/update-log/write";
import {
  createLayoutInputSchema,
  matchesLayoutQuery,
  moveLayoutStageInputSchema,
  slugify,
  updateLayoutInputSchema,
  type LayoutHistory,
  type LayoutLibrary,
  type LayoutListQuery,
  type LayoutSummary,
  type LayoutUse,
  type LayoutView,
  type StageMove,
} from "./contract";

export interface StudioLayoutDeps {
  db: Db;
  store: BlobStore;
  /** Seeds the starter library once (create-if-missing). */
  ready?: () => Promise<void>;
  now?: () => Date;
}

/**
 * How many of the most recent compositions a layout's history lists as "made with it since it went live". The
 * usage counts themselves are the store's counters (lib/engine/composition/counters.ts), over all compositions.
 */
export const USAGE_SCAN_LIMIT = 5000;
/** How many recent layout log entries the library reads for "who last moved it". */
const MOVES_SCAN_LIMIT = 2000;

const now = (deps: StudioLayoutDeps) => (deps.now ? deps.now() : new Date());

/** In the studio's library: everything but generated candidates still in review or rejected. */
export function inLibrary(doc: Pick<LayoutDoc, "generation">): boolean {
  return !doc.generation || doc.generation.status === "accepted";
}

const bodyOf = (d: LayoutBody): LayoutBody => ({
  name: d.name,
  description: d.description,
  slots: d.slots,
  boxes: d.boxes,
});
const sameBody = (a: LayoutBody, b: LayoutBody) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

function issuePath(i: LayoutIssue): string {
  if (i.ratio && i.slotId) return `boxes.${i.ratio}.${i.slotId}`;
  return i.slotId ? `slots.${i.slotId}` : "";
}

function invalid(message: string, issues: LayoutIssue[]): ApiError {
  return new ApiError("unprocessable_entity", message, {
    issues: issues.filter((i) => i.severity === "error").map((i) => ({ path: issuePath(i), message: i.message })),
  });
}

function staleRevision(stored: number, sent: number): ApiError {
  return new ApiError(
    "conflict",
    `Someone else changed this layout since you opened it (it is at revision ${stored}, you edited revision ${sent}). Reload to see their changes; nothing of yours was saved.`,
    { issues: [{ path: "revision", message: "revision_conflict" }] },
  );
}

const notFound = (id: string) => new ApiError("not_found", `There is no layout "${id}".`);

/* ------------------------------------------------------------------ reads */

function actorOf(e: Pick<UpdateLogDoc, "actor_email" | "actor_id" | "actor_kind">): string {
  return e.actor_email ?? (e.actor_kind === "system" ? "system" : e.actor_id);
}

function parseStage(v: string | null): LibraryStage | null {
  if (!v) return null;
  try {
    const s = JSON.parse(v);
    return typeof s === "string" && s in STAGE_LABELS ? (s as LibraryStage) : null;
  } catch {
    return null;
  }
}

function moveOf(e: UpdateLogDoc): StageMove | null {
  const c = e.changes.find((x) => x.path === "stage");
  const to = parseStage(c?.after ?? null);
  return to ? { from: parseStage(c?.before ?? null), to, at: e.created_at, actor: actorOf(e) } : null;
}

/** The last stage move of each layout, from the update log. */
async function lastMoves(db: Db): Promise<Map<string, StageMove>> {
  const rows = await db
    .collection(updateLog)
    .where("entity_type", "==", "layout")
    .orderBy("created_at", "desc")
    .limit(MOVES_SCAN_LIMIT)
    .get();
  const out = new Map<string, StageMove>();
  for (const r of rows) {
    // Any write that changed the stage (a move here, an approval in the review queue), not the creation.
    if (r.data.action === "create" || out.has(r.data.entity_id)) continue;
    const m = moveOf(r.data);
    if (m) out.set(r.data.entity_id, m);
  }
  return out;
}

interface CompositionUse extends LayoutUse {
  layout_ids: Set<string>;
}

/** Compositions per layout (one scene or more in it), from the store's counter: a few documents, no scan. */
async function layoutUsage(db: Db, id?: string): Promise<Map<string, number>> {
  const { totals } = await readCounter(db, layoutUseCounter, id ? { from: id, to: `${id}\u0000` } : {});
  return new Map([...totals].map(([k, v]) => [k, v.n ?? 0]));
}

async function recentCompositions(db: Db): Promise<CompositionUse[]> {
  const rows = await db.collection(compositions).orderBy("updated_at", "desc").limit(USAGE_SCAN_LIMIT).get();
  return rows.map((r) => ({
    content_id: r.id,
    title: r.data.title,
    kind: r.data.kind,
    created_at: r.data.created_at,
    layout_ids: new Set(r.data.scenes.map((s) => s.layout_id)),
  }));
}

function summarize(
  id: string,
  doc: LayoutDoc,
  usage: number,
  move: StageMove | null,
  issues: LayoutIssue[],
): LayoutSummary {
  return {
    ...bodyOf(doc),
    id,
    stage: doc.stage,
    origin: doc.origin,
    demo: doc.demo,
    revision: doc.revision,
    version: doc.version,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    created_by: doc.created_by,
    generation: doc.generation
      ? { status: doc.generation.status, model_id: doc.generation.model_id, brief: doc.generation.brief }
      : null,
    usage,
    last_move: move,
    stage_since: move && move.to === doc.stage ? move.at : doc.created_at,
    error_count: issues.filter((i) => i.severity === "error").length,
    warning_count: issues.filter((i) => i.severity === "warning").length,
    slot_kinds: [...new Set(doc.slots.map((s) => s.kind))],
  };
}

export async function listLayouts(deps: StudioLayoutDeps, query: LayoutListQuery = {}): Promise<LayoutSummary[]> {
  await deps.ready?.();
  const [rows, moves, uses] = await Promise.all([
    deps.db.collection(layouts).get(),
    lastMoves(deps.db),
    layoutUsage(deps.db),
  ]);
  return rows
    .filter((r) => inLibrary(r.data))
    .map((r) => summarize(r.id, r.data, uses.get(r.id) ?? 0, moves.get(r.id) ?? null, validateLayout(r.data)))
    .filter((l) => matchesLayoutQuery(l, query))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The library screen's answer: the filtered layouts and the sample pictures for their previews. */
export async function layoutLibrary(deps: StudioLayoutDeps, query: LayoutListQuery = {}): Promise<LayoutLibrary> {
  const [list, media] = await Promise.all([listLayouts(deps, query), sampleMediaUrls(deps.store, now(deps))]);
  return { layouts: list, sample_media: media };
}

async function sampleMediaUrls(store: BlobStore, at: Date): Promise<LayoutView["sample_media"]> {
  await ensureSampleMedia(store);
  const ttl = signedUrlTtl(at);
  const [photo, product, logo] = await Promise.all(
    [SAMPLE_MEDIA.photo, SAMPLE_MEDIA.product, SAMPLE_MEDIA.logo].map((k) =>
      store.signedUrl(k, { expiresInSeconds: ttl }),
    ),
  );
  return { photo: photo!, product: product!, logo: logo! };
}

async function viewOf(deps: StudioLayoutDeps, id: string, doc: LayoutDoc): Promise<LayoutView> {
  const [moves, uses, media] = await Promise.all([
    lastMoves(deps.db),
    layoutUsage(deps.db, id),
    sampleMediaUrls(deps.store, now(deps)),
  ]);
  const issues = validateLayout(doc);
  return {
    ...summarize(id, doc, uses.get(id) ?? 0, moves.get(id) ?? null, issues),
    issues,
    sample_media: media,
  };
}

async function load(deps: StudioLayoutDeps, id: string): Promise<LayoutDoc> {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) throw notFound(id);
  const snap = await deps.db.collection(layouts).doc(id).get();
  if (!snap) throw notFound(id);
  return snap.data;
}

export async function getLayout(deps: StudioLayoutDeps, id: string): Promise<LayoutView> {
  await deps.ready?.();
  return viewOf(deps, id, await load(deps, id));
}

/** A layout's way through the stages (the update log) and the content made with it since it last went live. */
export async function layoutHistory(deps: StudioLayoutDeps, id: string): Promise<LayoutHistory> {
  await deps.ready?.();
  const doc = await load(deps, id);
  const rows = await deps.db
    .collection(updateLog)
    .where("entity_type", "==", "layout")
    .where("entity_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(200)
    .get();
  const entries = rows.map((r) => ({
    id: r.id,
    action: r.data.action,
    actor: actorOf(r.data),
    at: r.data.created_at,
    screen: r.data.screen,
    changes: r.data.changes,
    truncated: r.data.truncated,
  }));
  const wentLive = rows.map((r) => (r.data.action === "create" ? null : moveOf(r.data))).find((m) => m?.to === "live");
  const liveSince = wentLive ? wentLive.at : doc.stage === "live" || doc.stage === "retired" ? doc.created_at : null;
  const uses = liveSince
    ? (await recentCompositions(deps.db)).filter((u) => u.layout_ids.has(id) && u.created_at >= liveSince)
    : [];
  return {
    layout: { id, name: doc.name, stage: doc.stage, version: doc.version, revision: doc.revision, origin: doc.origin },
    entries,
    live_since: liveSince,
    uses_since_live: uses.map(({ layout_ids: _, ...u }) => u).sort((a, b) => b.created_at.localeCompare(a.created_at)),
  };
}

/* ----------------------------------------------------------------- writes */

const FIT_HEADLINE = {
  maxChars: 60,
  minFontPx: 44,
  maxFontPx: 110,
  lineHeight: 1.1,
  align: "left",
  weight: 800,
  uppercase: false,
  objectFit: "cover",
  valign: "middle",
} as const;
const FIT_MEDIA = {
  maxChars: 1,
  minFontPx: 10,
  maxFontPx: 10,
  lineHeight: 1,
  align: "center",
  weight: 400,
  uppercase: false,
  objectFit: "cover",
  valign: "middle",
} as const;

/** What "New layout" starts from: a picture with a headline under it (beside it in 16:9). */
export function blankLayoutBody(name: string, description = ""): LayoutBody {
  const slots: LayoutSlotInput[] = [
    {
      id: "image",
      kind: "image",
      role: "media",
      label: "Image",
      required: true,
      fit: { ...FIT_MEDIA },
      z: 1,
      enter: { type: "fade", durationMs: 600, delayMs: 0, easing: "ease-out" },
      exit: null,
    },
    {
      id: "headline",
      kind: "text",
      role: "headline",
      label: "Headline",
      required: true,
      fit: { ...FIT_HEADLINE },
      z: 20,
      enter: { type: "slide-up", durationMs: 500, delayMs: 150, easing: "ease-out" },
      exit: null,
    },
  ];
  const portrait = { image: { x: 0, y: 0, w: 1, h: 0.6 }, headline: { x: 0.07, y: 0.66, w: 0.86, h: 0.24 } };
  return layoutBodySchema.parse({
    name,
    description,
    slots,
    boxes: {
      "9:16": portrait,
      "1:1": portrait,
      "4:5": portrait,
      "16:9": { image: { x: 0, y: 0, w: 0.5, h: 1 }, headline: { x: 0.55, y: 0.3, w: 0.4, h: 0.4 } },
    },
  });
}

export async function createLayout(deps: StudioLayoutDeps, uid: string, input: unknown): Promise<LayoutView> {
  const parsed = createLayoutInputSchema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  await deps.ready?.();
  const { name, description, copy_from } = parsed.data;
  let body = blankLayoutBody(name, description);
  if (copy_from) {
    const src = await deps.db.collection(layouts).doc(copy_from).get();
    if (!src)
      throw new ApiError("unprocessable_entity", `There is no layout "${copy_from}" to copy.`, {
        issues: [{ path: "copy_from", message: "unknown layout" }],
      });
    body = { ...bodyOf(src.data), name, description: description || src.data.description };
  }
  const base = slugify(name);
  for (let n = 1; n <= 50; n++) {
    const id = n === 1 ? base : `${base.slice(0, 60)}-${n}`;
    const ref = deps.db.collection(layouts).doc(id);
    const at = now(deps).toISOString();
    const made = await deps.db.runTransaction(async (tx) => {
      if (await tx.get(ref)) return null;
      const doc: LayoutDoc = {
        ...body,
        stage: "draft",
        revision: 0,
        demo: false,
        created_at: at,
        updated_at: at,
        created_by: uid,
        origin: "staff",
        version: 1,
        generation: null,
      };
      tx.create(ref, doc);
      logChange(deps.db, tx, {
        entityType: "layout",
        entityId: id,
        entityLabel: name,
        action: "create",
        before: null,
        after: doc,
        at: new Date(at),
      });
      return doc;
    });
    if (made) return viewOf(deps, id, made);
  }
  throw new ApiError("conflict", `Too many layouts are called "${name}"; pick another name.`);
}

/** Saves a layout's body (name, description, slots, boxes). Validation errors block the save (422 with the issues). */
export async function updateLayout(deps: StudioLayoutDeps, id: string, input: unknown): Promise<LayoutView> {
  const parsed = updateLayoutInputSchema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "The layout is not valid.");
  const { revision, body } = parsed.data;
  const issues = validateLayout(body);
  if (hasErrors(issues)) throw invalid("Fix the layout's errors before saving: nothing was saved.", issues);
  await load(deps, id);
  const ref = deps.db.collection(layouts).doc(id);
  const at = now(deps).toISOString();
  const saved = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap) throw notFound(id);
    const before = snap.data;
    if (before.revision !== revision) throw staleRevision(before.revision, revision);
    if (sameBody(before, body)) return before;
    const after: LayoutDoc = {
      ...before,
      ...bodyOf(body),
      revision: before.revision + 1,
      version: before.version + 1,
      updated_at: at,
    };
    tx.set(ref, after);
    logChange(deps.db, tx, {
      entityType: "layout",
      entityId: id,
      entityLabel: after.name,
      action: "update",
      before,
      after,
      at: new Date(at),
    });
    return after;
  });
  return viewOf(deps, id, saved);
}

/** Moves a layout to another stage (the pipeline's rules; going live needs a layout without errors). */
export async function moveLayoutStage(deps: StudioLayoutDeps, id: string, input: unknown): Promise<LayoutView> {
  const parsed = moveLayoutStageInputSchema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  const { revision, to } = parsed.data;
  await load(deps, id);
  const ref = deps.db.collection(layouts).doc(id);
  const at = now(deps).toISOString();
  const saved = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap) throw notFound(id);
    const before = snap.data;
    if (before.revision !== revision) throw staleRevision(before.revision, revision);
    if (!inLibrary(before))
      throw new ApiError(
        "conflict",
        "This generated layout is still in the review queue (or was rejected): approve it in Generated layouts first.",
      );
    if (!canMoveStage(before.stage, to)) {
      throw new ApiError(
        "unprocessable_entity",
        `A layout that is ${STAGE_LABELS[before.stage].toLowerCase()} cannot move to ${STAGE_LABELS[to].toLowerCase()}.`,
        { issues: [{ path: "to", message: "not_allowed" }] },
      );
    }
    if (to === "live") {
      const issues = validateLayout(before);
      if (hasErrors(issues))
        throw invalid(`${stageActionLabel(before.stage, to)}: fix the layout's errors first.`, issues);
    }
    const after: LayoutDoc = { ...before, stage: to, revision: before.revision + 1, updated_at: at };
    tx.set(ref, after);
    logChange(deps.db, tx, {
      entityType: "layout",
      entityId: id,
      entityLabel: after.name,
      action: "stage",
      before,
      after,
      at: new Date(at),
    });
    return after;
  });
  return viewOf(deps, id, saved);
}

/** Deletes a draft nobody's template offers (the revision it was shown at must still be current). */
export async function deleteLayout(deps: StudioLayoutDeps, id: string, revision: number): Promise<void> {
  if (!Number.isInteger(revision) || revision < 0)
    throw new ApiError("unprocessable_entity", "Say which revision you are deleting (?revision=).", {
      issues: [{ path: "revision", message: "required" }],
    });
  await load(deps, id);
  const ref = deps.db.collection(layouts).doc(id);
  const offered = await deps.db.collection(templates).where("layout_ids", "array-contains", id).limit(1).get();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap) throw notFound(id);
    const before = snap.data;
    if (before.revision !== revision) throw staleRevision(before.revision, revision);
    if (before.stage !== "draft")
      throw new ApiError(
        "conflict",
        `Only drafts can be deleted; this layout is ${STAGE_LABELS[before.stage].toLowerCase()}. Retire it instead.`,
      );
    if (offered.length > 0)
      throw new ApiError(
        "conflict",
        `The template "${offered[0]!.data.name}" offers this layout; take it out of the template first.`,
      );
    tx.delete(ref);
    logChange(deps.db, tx, {
      entityType: "layout",
      entityId: id,
      entityLabel: before.name,
      action: "delete",
      before,
      after: null,
      at: new Date(now(deps).toISOString()),
    });
  });
}
