import "server-only";
/**
 * The readers that clients and pipelines both use (a client's page lists its
 * pipelines; a pipeline is made under a client), kept apart so neither of the
 * two files imports the other.
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { PipelineSummary } from "./contract";
import { prodClients, prodRuns, type ProdClientDoc, type ProdPipelineDoc } from "./collections";

export async function readClient(db: Db, id: string): Promise<ProdClientDoc> {
  const snap = DOC_ID.test(id) ? await db.collection(prodClients).doc(id).get() : null;
  if (!snap) throw new ApiError("not_found", "There is no such client.");
  return snap.data;
}

export async function pipelineSummaries(db: Db, rows: DocSnapshot<ProdPipelineDoc>[]): Promise<PipelineSummary[]> {
  const names = new Map<string, string>();
  return Promise.all(
    rows.map(async ({ id, data: p }) => {
      if (!names.has(p.client_id))
        names.set(
          p.client_id,
          (await db.collection(prodClients).doc(p.client_id).get())?.data.name ?? "(deleted client)",
        );
      const [last] = await db
        .collection(prodRuns)
        .where("pipeline_id", "==", id)
        .orderBy("created_at", "desc")
        .limit(1)
        .get();
      return {
        id,
        name: p.name,
        client_id: p.client_id,
        client_name: names.get(p.client_id)!,
        source_kind: p.source.kind,
        schedule: p.schedule,
        next_run_at: p.next_run_at,
        archived: p.archived,
        demo: p.demo,
        last_run: last ? { id: last.id, state: last.data.state, created_at: last.data.created_at } : null,
        updated_at: p.updated_at,
      };
    }),
  );
}
