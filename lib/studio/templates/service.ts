import "server-only";
/**
 * The staff template studio: the library with usage, a template's page
 * (versions, draft, checks, stage actions), draft edits, stage moves and
 * publishing. Every write names the revision it edited (a moved revision is
 * a 409), is validated by the composition schemas before anything is
 * written, and logs its change in the same transaction.
 */
import {
  layouts,
  templates,
  templateVersions,
  type TemplateDoc,
  type TemplateVersionDoc,
} from "@/lib/engine/composition/collections";
import { templateUseCounter } from "@/lib/engine/composition/counters";
import { readCounter } from "@/lib/platform/db/counters";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { SAMPLE_MEDIA } from "@/lib/engine/composition/starter";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { STAGE_LABELS, canMoveStage, stageActionLabel, STAGE_TRANSITIONS } from "@/lib/engine/composition/stages";
import {
  templateVersionBodySchema,
  templateVersionId,
  type TemplateVersionBody,
} from "@/lib/engine/composition/template-schema";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { Transaction } from "@/lib/platform/db/transaction";
import type { BlobStore } from "@/lib/platform/storage/types";
import { logChange } from "@/lib/platform/update-log/write";
import { authorNames } from "../authors";
import { checkSummary, checkTemplateVersion, type CheckReport } from "./checks";
import {
  discardDraftSchema,
  draftPatchSchema,
  publishInputSchema,
  stageInputSchema,
  type LayoutOption,
  type StageAction,
  type TemplateDetail,
  type TemplateSummary,
  type VersionSummary,
} from "./contract";

export interface StudioDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
  /** Seeds the starter library (create-if-missing) before the first read. */
  ready?: () => Promise<void>;
}

const clock = (d: StudioDeps) => (d.now ?? (() => new Date()))();

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: import("zod").ZodError } },
  raw: unknown,
): T {
  const r = schema.safeParse(raw);
  if (!r.success) throw ApiError.fromZod(r.error);
  return r.data;
}

function stale(name: string, theirs: number, ours: number): ApiError {
  return new ApiError(
    "conflict",
    `Someone else changed "${name}" while you were editing (you edited revision ${theirs}, it is now at ${ours}). Reload to see their changes, then make yours again.`,
  );
}

function bodyOf(v: TemplateVersionDoc): TemplateVersionBody {
  const { template_id: _t, version: _v, published_at: _p, created_at: _c, created_by: _b, ...body } = v;
  return body;
}

async function usageByTemplate(
  db: Db,
  templateId?: string,
): Promise<Map<string, { total: number; byVersion: Map<number, number> }>> {
  // The store keeps the count per template version (lib/engine/composition/counters.ts): a few documents, no scan.
  const { totals } = await readCounter(
    db,
    templateUseCounter,
    templateId ? { from: `${templateId}|`, to: `${templateId}}` } : {},
  );
  const out = new Map<string, { total: number; byVersion: Map<number, number> }>();
  for (const [key, values] of totals) {
    const cut = key.lastIndexOf("|");
    const id = key.slice(0, cut);
    const version = Number(key.slice(cut + 1));
    const n = values.n ?? 0;
    if (n === 0) continue;
    const u = out.get(id) ?? { total: 0, byVersion: new Map() };
    u.total += n;
    u.byVersion.set(version, (u.byVersion.get(version) ?? 0) + n);
    out.set(id, u);
  }
  return out;
}

function summary(
  id: string,
  t: TemplateDoc,
  version: TemplateVersionDoc | null,
  hasDraft: boolean,
  usage: number,
): TemplateSummary {
  const p = version?.style.palette;
  return {
    id,
    name: t.name,
    description: t.description,
    stage: t.stage,
    current_version: t.current_version,
    revision: t.revision,
    has_draft: hasDraft,
    usage,
    layout_count: t.layout_ids.length,
    demo: t.demo,
    updated_at: t.updated_at,
    palette: { background: p?.background ?? "#ffffff", text: p?.text ?? "#111111", accent: p?.accent ?? "#2563eb" },
  };
}

export async function listTemplates(deps: StudioDeps): Promise<TemplateSummary[]> {
  await deps.ready?.();
  const [rows, versions, usage] = await Promise.all([
    deps.db.collection(templates).get(),
    deps.db.collection(templateVersions).get(),
    usageByTemplate(deps.db),
  ]);
  const byId = new Map(versions.map((v) => [v.id, v.data]));
  return rows
    .map((r) =>
      summary(
        r.id,
        r.data,
        byId.get(templateVersionId(r.id, r.data.current_version)) ?? null,
        byId.get(templateVersionId(r.id, r.data.current_version + 1))?.published_at === null,
        usage.get(r.id)?.total ?? 0,
      ),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function readTemplate(db: Db, id: string): Promise<TemplateDoc> {
  const snap = await db.collection(templates).doc(id).get();
  if (!snap) throw new ApiError("not_found", `There is no template "${id}".`);
  return snap.data;
}

/** The next version's document if staff have saved edits to it (published_at null), else null. */
async function readDraft(db: Db, id: string, t: TemplateDoc, tx?: Transaction): Promise<TemplateVersionDoc | null> {
  const ref = db.collection(templateVersions).doc(templateVersionId(id, t.current_version + 1));
  const snap = tx ? await tx.get(ref) : await ref.get();
  return snap && snap.data.published_at === null ? snap.data : null;
}

function stageActions(t: TemplateDoc, currentChecks: CheckReport): StageAction[] {
  return STAGE_TRANSITIONS[t.stage].map((to) => ({
    to,
    label: stageActionLabel(t.stage, to),
    blocked:
      to === "live" && !currentChecks.passed
        ? `Version ${t.current_version} fails ${currentChecks.errors} check${currentChecks.errors === 1 ? "" : "s"}: fix them in a new version first.`
        : null,
  }));
}

/** Signed URLs of the sample pictures and of the given versions' uploaded fonts, for previews drawn in the browser. */
export async function sampleMediaUrls(
  store: BlobStore,
  bodies: readonly TemplateVersionBody[] = [],
): Promise<Record<string, string>> {
  await ensureSampleMedia(store);
  const ttl = signedUrlTtl();
  const out: Record<string, string> = {};
  const fontKeys = bodies
    .flatMap((b) => [b.style.fontFiles?.heading?.key, b.style.fontFiles?.body?.key])
    .filter((k): k is string => !!k);
  for (const key of [...Object.values(SAMPLE_MEDIA), ...fontKeys])
    out[key] ??= await store.signedUrl(key, { expiresInSeconds: ttl });
  return out;
}

export async function getTemplateDetail(deps: StudioDeps, id: string): Promise<TemplateDetail> {
  await deps.ready?.();
  const t = await readTemplate(deps.db, id);
  const [versionRows, layoutRows, usage, draft] = await Promise.all([
    deps.db.collection(templateVersions).where("template_id", "==", id).orderBy("version", "desc").get(),
    deps.db.collection(layouts).get(),
    usageByTemplate(deps.db, id),
    readDraft(deps.db, id, t),
  ]);
  const current = versionRows.find((v) => v.data.version === t.current_version)?.data;
  if (!current)
    throw new ApiError(
      "unprocessable_entity",
      `Template "${t.name}" names version ${t.current_version}, which does not exist.`,
    );
  const u = usage.get(id);
  const versions: VersionSummary[] = versionRows
    .filter((v) => v.data.published_at !== null)
    .map((v) => ({
      version: v.data.version,
      published_at: v.data.published_at,
      created_at: v.data.created_at,
      created_by: v.data.created_by,
      layout_count: v.data.layouts.length,
      usage: u?.byVersion.get(v.data.version) ?? 0,
    }));
  // Authors by name or email, never by uid.
  const authors = await authorNames(deps.db, [...versions.map((v) => v.created_by), draft?.created_by ?? null]);
  for (const v of versions) v.created_by = authors.get(v.created_by) ?? v.created_by;
  const currentBody = bodyOf(current);
  const draftBody = draft ? bodyOf(draft) : currentBody;
  const currentChecks = checkTemplateVersion(currentBody, { templateId: id, version: t.current_version });
  const draftChecks = draft
    ? checkTemplateVersion(draftBody, { templateId: id, version: t.current_version + 1 })
    : currentChecks;
  const layoutsAvailable: LayoutOption[] = layoutRows
    .filter(
      (l) =>
        l.data.stage !== "retired" &&
        l.data.generation?.status !== "pending" &&
        l.data.generation?.status !== "rejected",
    )
    .map((l) => ({ id: l.id, name: l.data.name, stage: l.data.stage, version: l.data.version }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    template: summary(id, t, current, !!draft, u?.total ?? 0),
    versions,
    current: currentBody,
    draft: {
      version: t.current_version + 1,
      saved: !!draft,
      body: draftBody,
      created_by: draft ? (authors.get(draft.created_by) ?? null) : null,
      created_at: draft?.created_at ?? null,
    },
    checks: { current: currentChecks, draft: draftChecks },
    stage_actions: stageActions(t, currentChecks),
    layouts_available: layoutsAvailable,
    sample_media: await sampleMediaUrls(deps.store, [currentBody, draftBody]),
  };
}

/** The template a write edits, read in its transaction: 404 when it is missing, 409 when the editor's revision moved. */
async function templateForWrite(db: Db, tx: Transaction, id: string, revision: number) {
  const tRef = db.collection(templates).doc(id);
  const snap = await tx.get(tRef);
  if (!snap) throw new ApiError("not_found", `There is no template "${id}".`);
  if (snap.data.revision !== revision) throw stale(snap.data.name, revision, snap.data.revision);
  return { tRef, t: snap.data };
}

/** Saves edits to the next version (creating it from the current one on the first edit). */
export async function updateDraft(deps: StudioDeps, actor: string, id: string, raw: unknown): Promise<TemplateDetail> {
  const patch = parse(draftPatchSchema, raw);
  const at = clock(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const { tRef, t } = await templateForWrite(deps.db, tx, id, patch.revision);
    const draft = await readDraft(deps.db, id, t, tx);
    const base =
      draft ?? (await tx.get(deps.db.collection(templateVersions).doc(templateVersionId(id, t.current_version))))?.data;
    if (!base)
      throw new ApiError(
        "unprocessable_entity",
        `Template "${t.name}" names version ${t.current_version}, which does not exist.`,
      );
    const before = bodyOf(base);
    let layoutSnaps = before.layouts;
    if (patch.layout_ids) {
      const kept = new Map(before.layouts.map((l) => [l.id, l]));
      layoutSnaps = [];
      for (const lid of patch.layout_ids) {
        const l = await tx.get(deps.db.collection(layouts).doc(lid));
        if (!l)
          throw new ApiError("unprocessable_entity", `There is no layout "${lid}".`, {
            issues: [{ path: "layout_ids", message: `unknown layout ${lid}` }],
          });
        if (l.data.stage === "retired" && !kept.has(lid))
          throw new ApiError(
            "unprocessable_entity",
            `Layout "${l.data.name}" is retired; bring it back before adding it.`,
            { issues: [{ path: "layout_ids", message: `retired layout ${lid}` }] },
          );
        // A layout already offered keeps its snapshot unless the library's copy moved on.
        const old = kept.get(lid);
        if (old && old.version === l.data.version) layoutSnaps.push(old);
        else {
          const { name, description, slots, boxes } = l.data;
          layoutSnaps.push({ id: lid, name, description, slots, boxes, version: l.data.version });
        }
      }
    }
    const next = templateVersionBodySchema.safeParse({
      style: patch.style ?? before.style,
      motion: patch.motion ?? before.motion,
      music: patch.music ?? before.music,
      captions: patch.captions ?? before.captions,
      layouts: layoutSnaps,
    });
    if (!next.success) throw ApiError.fromZod(next.error, "These template settings are not valid.");
    // Uploaded fonts only: a key must be one the font upload stored (never another blob of the store).
    for (const role of ["heading", "body"] as const) {
      const f = next.data.style.fontFiles[role];
      if (
        f &&
        f.key !== before.style.fontFiles?.[role]?.key &&
        (!/^studio\/fonts\/[a-f0-9]{24}\.(ttf|otf|woff2?)$/.test(f.key) || !(await deps.store.head(f.key)))
      ) {
        throw new ApiError("unprocessable_entity", `The ${role} font file is not one uploaded here; upload it first.`, {
          issues: [{ path: `style.fontFiles.${role}.key`, message: "unknown font file" }],
        });
      }
    }
    const vRef = deps.db.collection(templateVersions).doc(templateVersionId(id, t.current_version + 1));
    tx.set(vRef, {
      ...next.data,
      template_id: id,
      version: t.current_version + 1,
      published_at: null,
      created_at: draft?.created_at ?? at,
      created_by: draft?.created_by ?? actor,
    });
    tx.update(tRef, { revision: t.revision + 1, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "template",
      entityId: id,
      entityLabel: t.name,
      action: "update",
      before: { draft_version: t.current_version + 1, ...before },
      after: { draft_version: t.current_version + 1, ...next.data },
    });
  });
  return getTemplateDetail(deps, id);
}

/** Throws away the unpublished edits. */
export async function discardDraft(deps: StudioDeps, id: string, raw: unknown): Promise<TemplateDetail> {
  const input = parse(discardDraftSchema, raw);
  const at = clock(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const { tRef, t } = await templateForWrite(deps.db, tx, id, input.revision);
    const draft = await readDraft(deps.db, id, t, tx);
    if (!draft) throw new ApiError("unprocessable_entity", "There are no unpublished changes to discard.");
    tx.delete(deps.db.collection(templateVersions).doc(templateVersionId(id, t.current_version + 1)));
    tx.update(tRef, { revision: t.revision + 1, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "template",
      entityId: id,
      entityLabel: t.name,
      action: "discard_draft",
      before: bodyOf(draft),
      after: null,
    });
  });
  return getTemplateDetail(deps, id);
}

/**
 * Only live layouts reach users' pickers: a live template may only offer live
 * layouts, so publishing a version of a live template, or making a template
 * live, refuses layouts in any other stage (read in the caller's transaction).
 */
async function assertLayoutsLive(
  db: Db,
  tx: Transaction,
  templateName: string,
  layoutIds: readonly string[],
): Promise<void> {
  const notLive: string[] = [];
  for (const lid of layoutIds) {
    const l = await tx.get(db.collection(layouts).doc(lid));
    // A layout deleted from the library still renders from the version's snapshot; only a present, non-live one is refused.
    if (l && l.data.stage !== "live") notLive.push(`"${l.data.name}" (${STAGE_LABELS[l.data.stage]})`);
  }
  if (notLive.length > 0) {
    throw new ApiError(
      "unprocessable_entity",
      `"${templateName}" is offered to users, so all its layouts must be live: make ${notLive.join(", ")} live first, or leave ${notLive.length === 1 ? "it" : "them"} out.`,
      { issues: [{ path: "layout_ids", message: "layouts that are not live" }] },
    );
  }
}

/** Moves the template through the stages; going live needs its current version to pass the checks. */
export async function moveTemplateStage(deps: StudioDeps, id: string, raw: unknown): Promise<TemplateDetail> {
  const input = parse(stageInputSchema, raw);
  const at = clock(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const { tRef, t } = await templateForWrite(deps.db, tx, id, input.revision);
    if (!canMoveStage(t.stage, input.to)) {
      throw new ApiError(
        "unprocessable_entity",
        `A template in ${STAGE_LABELS[t.stage]} cannot move to ${STAGE_LABELS[input.to]}.`,
        { issues: [{ path: "to", message: "not a next stage" }] },
      );
    }
    if (input.to === "live") {
      const v = await tx.get(deps.db.collection(templateVersions).doc(templateVersionId(id, t.current_version)));
      if (!v) throw new ApiError("unprocessable_entity", `Version ${t.current_version} does not exist.`);
      const report = checkTemplateVersion(bodyOf(v.data), { templateId: id, version: t.current_version });
      if (!report.passed)
        throw new ApiError(
          "unprocessable_entity",
          `"${t.name}" cannot go live: version ${t.current_version} fails its checks (${checkSummary(report)}).`,
        );
      await assertLayoutsLive(
        deps.db,
        tx,
        t.name,
        v.data.layouts.map((l) => l.id),
      );
    }
    tx.update(tRef, { stage: input.to, revision: t.revision + 1, updated_at: at });
    logChange(deps.db, tx, {
      entityType: "template",
      entityId: id,
      entityLabel: t.name,
      action: "stage",
      before: { stage: t.stage },
      after: { stage: input.to },
    });
  });
  return getTemplateDetail(deps, id);
}

/** The draft becomes version N+1 (immutable from now on) and new content uses it; content made earlier keeps its version. */
export async function publishTemplateVersion(deps: StudioDeps, id: string, raw: unknown): Promise<TemplateDetail> {
  const input = parse(publishInputSchema, raw);
  const at = clock(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const { tRef, t } = await templateForWrite(deps.db, tx, id, input.revision);
    const draft = await readDraft(deps.db, id, t, tx);
    if (!draft)
      throw new ApiError(
        "unprocessable_entity",
        "There are no unpublished changes: edit the style, animation or layouts first.",
      );
    const report = checkTemplateVersion(bodyOf(draft), { templateId: id, version: draft.version });
    if (!report.passed)
      throw new ApiError(
        "unprocessable_entity",
        `Version ${draft.version} fails its checks, so it was not published (${checkSummary(report)}).`,
      );
    if (t.stage === "live")
      await assertLayoutsLive(
        deps.db,
        tx,
        t.name,
        draft.layouts.map((l) => l.id),
      );
    const version = t.current_version + 1;
    tx.update(deps.db.collection(templateVersions).doc(templateVersionId(id, version)), { published_at: at });
    const after = {
      ...t,
      current_version: version,
      layout_ids: draft.layouts.map((l) => l.id),
      revision: t.revision + 1,
      updated_at: at,
    };
    tx.update(tRef, {
      current_version: version,
      layout_ids: after.layout_ids,
      revision: after.revision,
      updated_at: at,
    });
    logChange(deps.db, tx, {
      entityType: "template",
      entityId: id,
      entityLabel: t.name,
      action: "publish",
      before: { current_version: t.current_version, layout_ids: t.layout_ids },
      after: { current_version: version, layout_ids: after.layout_ids },
    });
  });
  return getTemplateDetail(deps, id);
}

/** A version's body (published ones only, or the saved draft), for previews of older versions. */
export async function getVersionBody(
  deps: StudioDeps,
  id: string,
  version: number | "draft",
): Promise<{ version: number; body: TemplateVersionBody; published: boolean }> {
  await deps.ready?.();
  const t = await readTemplate(deps.db, id);
  const n = version === "draft" ? t.current_version + 1 : version;
  const snap = await deps.db.collection(templateVersions).doc(templateVersionId(id, n)).get();
  if (!snap) {
    if (version === "draft") {
      const cur = await deps.db.collection(templateVersions).doc(templateVersionId(id, t.current_version)).get();
      if (cur) return { version: n, body: bodyOf(cur.data), published: false };
    }
    throw new ApiError("not_found", `Template "${t.name}" has no version ${n}.`);
  }
  if (version !== "draft" && snap.data.published_at === null)
    throw new ApiError("not_found", `Version ${n} of "${t.name}" is not published yet.`);
  return { version: n, body: bodyOf(snap.data), published: snap.data.published_at !== null };
}

/** Seeds the starter library (once per process); the studio's runtime passes it as `ready`. */
export function seedOnce(db: Db): () => Promise<void> {
  let p: Promise<void> | null = null;
  return () => {
    p ??= ensureStarterLibrary(db)
      .then(() => undefined)
      .catch((e) => {
        p = null;
        throw e;
      });
    return p;
  };
}
