import "server-only";
/**
 * The layout and template library in the store: seeding the starter
 * library once, and the reads users' pickers and the renderer need.
 *
 * Seeding creates each document only where none exists (`create`, never
 * `set`), so a starter item staff have edited, retired or deleted-and-
 * recreated is left alone, and processes seeding at the same time simply
 * lose the race for the documents the other one made first.
 */
import type { Db } from "@/lib/platform/db/db";
import { isDbError } from "@/lib/platform/db/errors";
import {
  layouts,
  templates,
  templateVersions,
  type LayoutDoc,
  type TemplateDoc,
  type TemplateVersionDoc,
} from "./collections";
import { STARTER_LAYOUTS, STARTER_TEMPLATES, STARTER_VERSION, starterTemplateVersion } from "./starter";
import { templateVersionId } from "./template-schema";

export const SEED_AUTHOR = "system";

async function createIfMissing(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isDbError(e, "already-exists")) return false;
    throw e;
  }
}

export interface SeedResult {
  created: { layouts: number; templates: number; templateVersions: number };
}

/** Writes the starter layouts and templates (stage live, demo, origin starter) that do not exist yet. */
export async function ensureStarterLibrary(db: Db, now: Date = new Date()): Promise<SeedResult> {
  const at = now.toISOString();
  const created = { layouts: 0, templates: 0, templateVersions: 0 };
  const meta = {
    stage: "live" as const,
    revision: 0,
    demo: true,
    created_at: at,
    updated_at: at,
    created_by: SEED_AUTHOR,
  };
  for (const { id, ...body } of STARTER_LAYOUTS) {
    const ref = db.collection(layouts).doc(id);
    if (await ref.get()) continue;
    if (await createIfMissing(() => ref.create({ ...body, ...meta, origin: "starter", version: STARTER_VERSION })))
      created.layouts++;
  }
  for (const t of STARTER_TEMPLATES) {
    // The version first: a template document never names a version that is not there.
    const vRef = db.collection(templateVersions).doc(templateVersionId(t.id, STARTER_VERSION));
    if (!(await vRef.get())) {
      const body = starterTemplateVersion(t);
      if (
        await createIfMissing(() =>
          vRef.create({
            ...body,
            template_id: t.id,
            version: STARTER_VERSION,
            published_at: at,
            created_at: at,
            created_by: SEED_AUTHOR,
          }),
        )
      )
        created.templateVersions++;
    }
    const tRef = db.collection(templates).doc(t.id);
    if (await tRef.get()) continue;
    if (
      await createIfMissing(() =>
        tRef.create({
          name: t.name,
          description: t.description,
          ...meta,
          current_version: STARTER_VERSION,
          layout_ids: t.layoutIds,
        }),
      )
    )
      created.templates++;
  }
  return { created };
}

export type WithId<T> = T & { id: string };

/** Templates users may pick (stage live), by name. */
export async function listLiveTemplates(db: Db): Promise<WithId<TemplateDoc>[]> {
  const rows = await db.collection(templates).where("stage", "==", "live").get();
  return rows.map((r) => ({ ...r.data, id: r.id })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Layouts users may pick (stage live), by name. */
export async function listLiveLayouts(db: Db): Promise<WithId<LayoutDoc>[]> {
  const rows = await db.collection(layouts).where("stage", "==", "live").get();
  return rows.map((r) => ({ ...r.data, id: r.id })).sort((a, b) => a.name.localeCompare(b.name));
}

/** One version of a template (whatever its stage: content keeps rendering with the version it was made with), or null. */
export async function getTemplateVersion(
  db: Db,
  templateId: string,
  version: number,
): Promise<TemplateVersionDoc | null> {
  const snap = await db.collection(templateVersions).doc(templateVersionId(templateId, version)).get();
  return snap?.data ?? null;
}

/** A template's current version (for new content), or null when the template does not exist. */
export async function getCurrentTemplateVersion(db: Db, templateId: string): Promise<TemplateVersionDoc | null> {
  const t = await db.collection(templates).doc(templateId).get();
  return t ? getTemplateVersion(db, templateId, t.data.current_version) : null;
}
