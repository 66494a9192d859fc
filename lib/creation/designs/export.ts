import { logContentChange } from "@/lib/platform/update-log/content";
import "server-only";
/**
 * Exporting a design: a `design.render` job on the job queue (1 credit,
 * debited with the job and refunded if it fails), and the download of what
 * it made (one page as PNG/JPEG, or every page in a ZIP).
 */
import { zipSync } from "fflate";
import { ApiError } from "@/lib/platform/api/errors";
import { assertWithinPlan } from "@/lib/money/billing/enforce";
import { prepareDebit } from "@/lib/money/credits/credits";
import { content, jobs } from "@/lib/platform/db/collections";
import {
  DEFAULT_JPEG_QUALITY,
  DESIGN_EXPORT_COST,
  exportDesignInputSchema,
  type DesignFormat,
  type DesignView,
} from "./contract";
import { getDesign } from "./service/get-design";
import {
  DESIGN_RENDER_JOB,
  designSettingsOf,
  isExporting,
  ownedDesign,
  type DesignDeps,
  type DesignExportState,
} from "./service/shared";

export const DESIGN_JOB_MAX_ATTEMPTS = 2;

export async function requestExport(deps: DesignDeps, uid: string, id: string, raw: unknown): Promise<DesignView> {
  const parsed = exportDesignInputSchema.safeParse(raw);
  if (!parsed.success)
    throw ApiError.fromZod(parsed.error, 'Send { format: "png" } or { format: "jpeg", quality: 1-100 }.');
  const { format } = parsed.data;
  const quality = format === "jpeg" ? (parsed.data.quality ?? DEFAULT_JPEG_QUALITY) : null;
  const { body } = await ownedDesign(deps.db, uid, id);
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const jobRef = deps.db.collection(jobs).doc();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design")
      throw new ApiError("not_found", "There is no such design.");
    const s = designSettingsOf(snap.data);
    if (isExporting(s)) throw new ApiError("conflict", "This design is already exporting.");
    const check = await assertWithinPlan(tx, { db: deps.db, uid, kind: "image" });
    const stage = await prepareDebit(tx, {
      db: deps.db,
      uid,
      amount: DESIGN_EXPORT_COST,
      reason: `design.render: ${body.scenes.length} page(s) as ${format.toUpperCase()}`,
      ref: { jobId: jobRef.id, contentId: id },
      now,
    });
    stage();
    const tier = check.limits.maxResolution >= 1080 ? "1080p" : "720p";
    const watermark = check.limits.watermark ? "Made with Promptframe" : null;
    const exp: DesignExportState = {
      job_id: jobRef.id,
      state: "queued",
      format,
      quality,
      progress: 0,
      pages: { rendered: 0, total: body.scenes.length },
      error: null,
      revision: body.revision,
      credits: DESIGN_EXPORT_COST,
      refunded: false,
      quality_tier: tier,
      watermark,
      started_at: at,
    };
    tx.create(jobRef, {
      type: DESIGN_RENDER_JOB,
      owner_id: uid,
      content_id: id,
      state: "queued",
      progress: 0,
      attempts: 0,
      max_attempts: DESIGN_JOB_MAX_ATTEMPTS,
      error: null,
      worker_id: null,
      lease_expires_at: null,
      input: { revision: body.revision, format, quality, credits: DESIGN_EXPORT_COST, quality_tier: tier, watermark },
      created_at: at,
      updated_at: at,
    });
    const patch = {
      status: s.files ? ("ready" as const) : ("queued" as const),
      error: null,
      settings: { ...snap.data.settings, export: exp, credits_spent: s.credits_spent + DESIGN_EXPORT_COST },
      updated_at: at,
    };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, { id, action: "export", before: snap.data, after: patch });
  });
  return getDesign(deps, uid, id);
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "design";

async function readBlob(deps: DesignDeps, key: string): Promise<Buffer> {
  const got = await deps.store.get(key);
  if (!got) throw new ApiError("not_found", "The exported file is missing. Export the design again.");
  const chunks: Buffer[] = [];
  for await (const c of got.body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export interface DesignDownload {
  body: Buffer;
  contentType: string;
  filename: string;
}

/** The exported file: one page (PNG/JPEG), or all pages as a ZIP when there are several and no page is named. */
export async function downloadDesign(
  deps: DesignDeps,
  uid: string,
  id: string,
  q: { format?: DesignFormat; page?: number },
): Promise<DesignDownload> {
  const { doc } = await ownedDesign(deps.db, uid, id);
  const files = designSettingsOf(doc).files;
  if (!files) throw new ApiError("conflict", "This design has not been exported yet. Export it as PNG or JPEG first.");
  if (q.format && q.format !== files.format) {
    throw new ApiError(
      "conflict",
      `This design was last exported as ${files.format.toUpperCase()}. Export it as ${q.format.toUpperCase()} to download that.`,
      { issues: [{ path: "format", message: "not exported in this format" }] },
    );
  }
  const ext = files.format === "png" ? "png" : "jpg";
  const contentType = files.format === "png" ? "image/png" : "image/jpeg";
  const name = slug(doc.title);
  if (q.page !== undefined) {
    const p = files.pages[q.page - 1];
    if (!p) throw new ApiError("not_found", `This design has ${files.pages.length} page(s).`);
    return {
      body: await readBlob(deps, p.key),
      contentType,
      filename: files.pages.length > 1 ? `${name}-${q.page}.${ext}` : `${name}.${ext}`,
    };
  }
  if (files.pages.length === 1)
    return { body: await readBlob(deps, files.pages[0]!.key), contentType, filename: `${name}.${ext}` };
  const entries: Record<string, Uint8Array> = {};
  for (const [i, p] of files.pages.entries()) entries[`${name}-${i + 1}.${ext}`] = await readBlob(deps, p.key);
  // Pictures are compressed already.
  return { body: Buffer.from(zipSync(entries, { level: 0 })), contentType: "application/zip", filename: `${name}.zip` };
}
