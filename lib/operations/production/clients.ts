import "server-only";
/**
 * Production clients: list with search, read with their pipelines, runs,
 * webhook deliveries and credits, create, edit and archive. Staff only (the
 * routes check); every write names the revision it edited (409 when it moved)
 * and logs the change in its own transaction.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { listLiveTemplates } from "@/lib/engine/composition/library";
import type { Db } from "@/lib/platform/db/db";
import { logChange } from "@/lib/platform/update-log/write";
import { clientInputSchema, clientPatchSchema, type ClientSummary, type ClientView } from "./contract";
import { prodClients, prodPipelines, prodRuns, prodWebhookDeliveries, type ProdClientDoc } from "./collections";
import { deliveryView, runSummary } from "./present";
import { pipelineSummaries, readClient } from "./reads";
import type { ProdDeps } from "./deps";

const nowOf = (d: ProdDeps) => (d.now ?? (() => new Date()))();

async function assertLiveTemplate(db: Db, id: string | null, path: string): Promise<void> {
  if (!id) return;
  const live = await listLiveTemplates(db);
  if (!live.some((t) => t.id === id))
    throw new ApiError("unprocessable_entity", `"${id}" is not a live template. Pick one from the list.`, {
      issues: [{ path, message: "not a live template" }],
    });
}

function conflict(what: string): ApiError {
  return new ApiError(
    "conflict",
    `This ${what} was changed by someone else since you opened it. Reload to see their changes, then make yours again.`,
    { issues: [{ path: "revision", message: "moved" }] },
  );
}

export async function listClients(
  deps: ProdDeps,
  o: { q?: string; archived?: boolean } = {},
): Promise<ClientSummary[]> {
  await deps.ready?.();
  const rows = await deps.db
    .collection(prodClients)
    .where("archived", "==", Boolean(o.archived))
    .orderBy("name_lower")
    .limit(500)
    .get();
  const q = o.q?.trim().toLowerCase();
  const hits = q
    ? rows.filter(
        (r) =>
          r.data.name_lower.includes(q) ||
          r.data.contacts.some((c) => `${c.name} ${c.email ?? ""}`.toLowerCase().includes(q)),
      )
    : rows;
  return Promise.all(
    hits.slice(0, 200).map(async (r) => ({
      id: r.id,
      name: r.data.name,
      archived: r.data.archived,
      demo: r.data.demo,
      pipeline_count: await deps.db.collection(prodPipelines).where("client_id", "==", r.id).count(),
      contact_count: r.data.contacts.length,
      colors: { primary: r.data.brand_kit.colors.primary, accent: r.data.brand_kit.colors.accent },
      updated_at: r.data.updated_at,
    })),
  );
}

export async function getClient(deps: ProdDeps, id: string): Promise<ClientView> {
  const c = await readClient(deps.db, id);
  const pipelines = await pipelineSummaries(
    deps.db,
    await deps.db.collection(prodPipelines).where("client_id", "==", id).orderBy("updated_at", "desc").limit(100).get(),
  );
  const runs = await deps.db
    .collection(prodRuns)
    .where("client_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(50)
    .get();
  const deliveries = await deps.db
    .collection(prodWebhookDeliveries)
    .where("client_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(20)
    .get();
  const all = await deps.db
    .collection(prodRuns)
    .where("client_id", "==", id)
    .orderBy("created_at", "desc")
    .limit(1000)
    .get();
  const { name_lower: _n, created_by: _c, ...rest } = c;
  return {
    ...rest,
    id,
    pipelines,
    runs: runs.map((r) => runSummary(r.id, r.data)),
    deliveries: deliveries.map((d) => deliveryView(d.id, d.data)),
    credits_used: all.reduce((s, r) => s + r.data.credits_used, 0),
    videos_delivered: all.reduce((s, r) => s + r.data.done_count, 0),
  };
}

export async function createClient(deps: ProdDeps, actor: string, raw: unknown): Promise<ClientView> {
  const parsed = clientInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Some fields are not valid. Nothing was saved.");
  const input = parsed.data;
  await deps.ready?.();
  await assertLiveTemplate(deps.db, input.default_template_id, "default_template_id");
  const at = nowOf(deps).toISOString();
  const ref = deps.db.collection(prodClients).doc();
  const doc: ProdClientDoc = {
    ...input,
    name_lower: input.name.toLowerCase(),
    archived: false,
    demo: false,
    revision: 0,
    created_by: actor,
    created_at: at,
    updated_at: at,
  };
  await deps.db.runTransaction(async (tx) => {
    tx.create(ref, doc);
    logChange(deps.db, tx, {
      entityType: "client",
      entityId: ref.id,
      entityLabel: input.name,
      action: "create",
      before: null,
      after: doc,
    });
  });
  return getClient(deps, ref.id);
}

export async function updateClient(deps: ProdDeps, id: string, raw: unknown): Promise<ClientView> {
  const parsed = clientPatchSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Some fields are not valid. Nothing was saved.");
  const { revision, ...patch } = parsed.data;
  await readClient(deps.db, id);
  if (patch.default_template_id !== undefined)
    await assertLiveTemplate(deps.db, patch.default_template_id, "default_template_id");
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodClients).doc(id);
    const snap = await tx.get(ref);
    if (!snap) throw new ApiError("not_found", "There is no such client.");
    if (snap.data.revision !== revision) throw conflict("client");
    if (snap.data.archived) throw new ApiError("conflict", "This client is archived: it cannot be edited.");
    const after: ProdClientDoc = {
      ...snap.data,
      ...patch,
      ...(patch.name ? { name_lower: patch.name.toLowerCase() } : {}),
      revision: revision + 1,
      updated_at: at,
    };
    tx.set(ref, after);
    logChange(deps.db, tx, {
      entityType: "client",
      entityId: id,
      entityLabel: after.name,
      action: "update",
      before: snap.data,
      after,
    });
  });
  return getClient(deps, id);
}

/** Archives the client and its pipelines (their schedules stop); runs and videos stay. */
export async function archiveClient(deps: ProdDeps, id: string, revision: number): Promise<ClientView> {
  await readClient(deps.db, id);
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const ref = deps.db.collection(prodClients).doc(id);
    const snap = await tx.get(ref);
    if (!snap) throw new ApiError("not_found", "There is no such client.");
    if (snap.data.revision !== revision) throw conflict("client");
    if (snap.data.archived) return;
    const pipes = await tx.get(
      deps.db.collection(prodPipelines).where("client_id", "==", id).orderBy("updated_at", "desc").limit(100),
    );
    const after: ProdClientDoc = { ...snap.data, archived: true, revision: revision + 1, updated_at: at };
    tx.set(ref, after);
    logChange(deps.db, tx, {
      entityType: "client",
      entityId: id,
      entityLabel: after.name,
      action: "delete",
      before: snap.data,
      after,
    });
    for (const p of pipes) {
      if (p.data.archived) continue;
      const pAfter = { ...p.data, archived: true, next_run_at: null, revision: p.data.revision + 1, updated_at: at };
      tx.set(deps.db.collection(prodPipelines).doc(p.id), pAfter);
      logChange(deps.db, tx, {
        entityType: "pipeline",
        entityId: p.id,
        entityLabel: p.data.name,
        action: "delete",
        before: p.data,
        after: pAfter,
      });
    }
  });
  return getClient(deps, id);
}
