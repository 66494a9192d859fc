import "server-only";
/**
 * Production pipelines: a client's source, render settings, schedule and
 * webhook. Create, read (with its runs), edit, archive, and a new webhook
 * secret (returned once, stored apart). Revision-checked, logged in the
 * same transaction.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { templates, templateVersions } from "@/lib/engine/composition/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { Transaction } from "@/lib/platform/db/transaction";
import { parsePublicUrl } from "@/lib/platform/http/safe-fetch";
import { LinkError } from "@/lib/platform/http/errors";
import { assertModel, assertVoice } from "@/lib/creation/video/service/shared";
import { loadWriterLibrary, pinnedLibrary } from "@/lib/creation/video/service/writer-library";
import { logChange } from "@/lib/platform/update-log/write";
import {
  pipelineInputSchema,
  pipelinePatchSchema,
  type PipelineSettings,
  type PipelineSummary,
  type PipelineView,
  type TemplateVersionChoice,
} from "./contract";
import { prodClients, prodPipelines, prodRuns, prodWebhookSecrets, type ProdPipelineDoc } from "./collections";
import { pipelineSummaries, readClient } from "./reads";
import type { ProdDeps } from "./deps";
import { runSummary } from "./present";
import { nextRunAt } from "./schedule";
import { newWebhookSecret } from "@/lib/platform/http/webhook";
import { DOC_ID } from "@/lib/platform/db/ids";

const nowOf = (d: ProdDeps) => (d.now ?? (() => new Date()))();

export async function readPipeline(db: Db, id: string): Promise<ProdPipelineDoc> {
  const snap = DOC_ID.test(id) ? await db.collection(prodPipelines).doc(id).get() : null;
  if (!snap) throw new ApiError("not_found", "There is no such pipeline.");
  return snap.data;
}

/**
 * Checks the engine settings (model, voice, template). `template_version`
 * null means "always the current version"; a number pins a published
 * version, which renders from its immutable snapshot even once the template
 * has moved on (or is no longer live).
 */
async function checkedSettings(deps: ProdDeps, s: PipelineSettings): Promise<PipelineSettings> {
  assertModel(s.model_id);
  assertVoice(s.voice_id);
  if (!s.template_id) return { ...s, template_version: null };
  if (s.template_version) {
    await deps.ready?.();
    try {
      await pinnedLibrary(deps, s.template_id, s.template_version);
    } catch (e) {
      if (e instanceof ApiError)
        throw new ApiError("unprocessable_entity", e.message, {
          issues: [{ path: "settings.template_version", message: "not a published version" }],
        });
      throw e;
    }
    return s;
  }
  const library = await loadWriterLibrary(deps);
  if (!library.templates.some((t) => t.id === s.template_id)) {
    throw new ApiError("unprocessable_entity", `"${s.template_id}" is not a live template. Pick one from the list.`, {
      issues: [{ path: "settings.template_id", message: "unknown template" }],
    });
  }
  return s;
}

/** The published versions of a template, newest first, for the pin picker (any stage: a pipeline may keep a version of a template that is no longer live). */
export async function publishedTemplateVersions(deps: ProdDeps, templateId: string): Promise<TemplateVersionChoice[]> {
  await deps.ready?.();
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(templateId)) throw new ApiError("not_found", "There is no such template.");
  const t = await deps.db.collection(templates).doc(templateId).get();
  if (!t) throw new ApiError("not_found", "There is no such template.");
  const rows = await deps.db
    .collection(templateVersions)
    .where("template_id", "==", templateId)
    .orderBy("version", "desc")
    .limit(200)
    .get();
  return rows
    .filter((r) => r.data.published_at)
    .map((r) => ({
      version: r.data.version,
      published_at: r.data.published_at!,
      current: r.data.version === t.data.current_version,
      template_live: t.data.stage === "live",
    }));
}

function checkWebhookUrl(url: string | null): void {
  if (!url) return;
  try {
    parsePublicUrl(url);
  } catch (e) {
    throw new ApiError("unprocessable_entity", e instanceof LinkError ? e.message : "That webhook URL is not valid.", {
      issues: [{ path: "webhook_url", message: "invalid" }],
    });
  }
}

export async function listPipelines(
  deps: ProdDeps,
  o: { clientId?: string; archived?: boolean } = {},
): Promise<PipelineSummary[]> {
  await deps.ready?.();
  const col = deps.db.collection(prodPipelines);
  const rows = o.clientId
    ? await col.where("client_id", "==", o.clientId).orderBy("updated_at", "desc").limit(200).get()
    : await col.where("archived", "==", Boolean(o.archived)).orderBy("updated_at", "desc").limit(200).get();
  return pipelineSummaries(deps.db, rows);
}

export async function getPipeline(deps: ProdDeps, id: string): Promise<PipelineView> {
  const p = await readPipeline(deps.db, id);
  const [summary] = await pipelineSummaries(deps.db, [
    { id, path: `${prodPipelines.name}/${id}`, data: p } as DocSnapshot<ProdPipelineDoc>,
  ]);
  const runs = await deps.db
    .collection(prodRuns)
    .where("pipeline_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(50)
    .get();
  const secret = await deps.db.collection(prodWebhookSecrets).doc(id).get();
  return {
    ...summary!,
    source: p.source,
    settings: p.settings,
    webhook_url: p.webhook_url,
    webhook_secret_set: Boolean(secret),
    owner_id: p.owner_id,
    revision: p.revision,
    created_at: p.created_at,
    runs: runs.map((r) => runSummary(r.id, r.data)),
  };
}

/** Stages a new secret for `pipelineId` (replacing any); returns it to show once. */
function stageSecret(deps: ProdDeps, tx: Transaction, pipelineId: string, at: string): string {
  const secret = newWebhookSecret();
  tx.set(deps.db.collection(prodWebhookSecrets).doc(pipelineId), { secret, created_at: at });
  return secret;
}

export async function createPipeline(
  deps: ProdDeps,
  actor: string,
  raw: unknown,
): Promise<PipelineView & { webhook_secret: string | null }> {
  const parsed = pipelineInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Some fields are not valid. Nothing was saved.");
  const input = parsed.data;
  await deps.ready?.();
  const client = await readClient(deps.db, input.client_id);
  if (client.archived) throw new ApiError("conflict", "This client is archived: it cannot get new pipelines.");
  checkWebhookUrl(input.webhook_url);
  const settings = await checkedSettings(deps, input.settings);
  const now = nowOf(deps);
  const at = now.toISOString();
  const ref = deps.db.collection(prodPipelines).doc();
  const doc: ProdPipelineDoc = {
    ...input,
    settings,
    next_run_at: nextRunAt(input.schedule, now)?.toISOString() ?? null,
    owner_id: actor,
    archived: false,
    demo: false,
    revision: 0,
    created_at: at,
    updated_at: at,
  };
  let secret: string | null = null;
  await deps.db.runTransaction(async (tx) => {
    const c = await tx.get(deps.db.collection(prodClients).doc(input.client_id));
    if (!c || c.data.archived) throw new ApiError("conflict", "This client is archived: it cannot get new pipelines.");
    tx.create(ref, doc);
    secret = input.webhook_url ? stageSecret(deps, tx, ref.id, at) : null;
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: ref.id,
      entityLabel: input.name,
      action: "create",
      before: null,
      after: doc,
    });
  });
  return { ...(await getPipeline(deps, ref.id)), webhook_secret: secret };
}

export async function updatePipeline(
  deps: ProdDeps,
  actor: string,
  id: string,
  raw: unknown,
): Promise<PipelineView & { webhook_secret: string | null }> {
  const parsed = pipelinePatchSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Some fields are not valid. Nothing was saved.");
  const { revision, ...patch } = parsed.data;
  await readPipeline(deps.db, id);
  if (patch.webhook_url !== undefined) checkWebhookUrl(patch.webhook_url);
  const settings = patch.settings ? await checkedSettings(deps, patch.settings) : undefined;
  const now = nowOf(deps);
  const at = now.toISOString();
  let secret: string | null = null;
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodPipelines).doc(id);
    const snap = await tx.get(ref);
    const hasSecret = await tx.get(deps.db.collection(prodWebhookSecrets).doc(id));
    if (!snap) throw new ApiError("not_found", "There is no such pipeline.");
    if (snap.data.revision !== revision)
      throw new ApiError(
        "conflict",
        "This pipeline was changed by someone else since you opened it. Reload to see their changes, then make yours again.",
        { issues: [{ path: "revision", message: "moved" }] },
      );
    if (snap.data.archived) throw new ApiError("conflict", "This pipeline is archived: it cannot be edited.");
    const schedule = patch.schedule ?? snap.data.schedule;
    const after: ProdPipelineDoc = {
      ...snap.data,
      ...patch,
      ...(settings ? { settings } : {}),
      schedule,
      next_run_at: patch.schedule ? (nextRunAt(schedule, now)?.toISOString() ?? null) : snap.data.next_run_at,
      owner_id: actor,
      revision: revision + 1,
      updated_at: at,
    };
    tx.set(ref, after);
    if (after.webhook_url && !hasSecret) secret = stageSecret(deps, tx, id, at);
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: id,
      entityLabel: after.name,
      action: "update",
      before: snap.data,
      after,
    });
  });
  return { ...(await getPipeline(deps, id)), webhook_secret: secret };
}

export async function archivePipeline(deps: ProdDeps, id: string, revision: number): Promise<PipelineView> {
  await readPipeline(deps.db, id);
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodPipelines).doc(id);
    const snap = await tx.get(ref);
    if (!snap) throw new ApiError("not_found", "There is no such pipeline.");
    if (snap.data.revision !== revision)
      throw new ApiError(
        "conflict",
        "This pipeline was changed by someone else since you opened it. Reload, then try again.",
        { issues: [{ path: "revision", message: "moved" }] },
      );
    if (snap.data.archived) return;
    const after: ProdPipelineDoc = {
      ...snap.data,
      archived: true,
      next_run_at: null,
      revision: revision + 1,
      updated_at: at,
    };
    tx.set(ref, after);
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: id,
      entityLabel: after.name,
      action: "delete",
      before: snap.data,
      after,
    });
  });
  return getPipeline(deps, id);
}

/** A new signing secret, shown this once (the old one stops working). */
export async function rotateWebhookSecret(deps: ProdDeps, id: string): Promise<{ webhook_secret: string }> {
  const p = await readPipeline(deps.db, id);
  if (!p.webhook_url) throw new ApiError("conflict", "This pipeline has no webhook URL: set one first.");
  const at = nowOf(deps).toISOString();
  let secret = "";
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(prodPipelines).doc(id));
    if (!snap) throw new ApiError("not_found", "There is no such pipeline.");
    secret = stageSecret(deps, tx, id, at);
    // The secret itself never goes in the log: only that it changed.
    logChange(deps.db, tx, {
      entityType: "pipeline",
      entityId: id,
      entityLabel: snap.data.name,
      action: "rotate_secret",
      before: { webhook_secret: "(previous)" },
      after: { webhook_secret: "(new, shown once)" },
    });
  });
  return { webhook_secret: secret };
}
