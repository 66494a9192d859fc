/**
 * GET /api/v1/ops/update-log — the update log, newest first, cursor-paged
 * (`?entity_type&entity_id&actor&from&to&cursor&limit`), or the whole
 * filtered view as a streamed CSV (`format=csv`). Staff only. Entries are
 * append-only: no method edits or deletes them (405).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { csvRow } from "@/lib/money/billing/csv";
import { getDb } from "@/lib/platform/db";
import {
  allUpdateLog,
  listUpdateLog,
  parseUpdateLogQuery,
  UPDATE_LOG_CSV_HEADER,
  updateLogCsvCells,
} from "@/lib/platform/update-log/list";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request }) => {
    const q = parseUpdateLogQuery(Object.fromEntries(request.nextUrl.searchParams));
    const db = getDb();
    if (q.format !== "csv") return Response.json(await listUpdateLog(db, q), { headers: NO_STORE });
    const pages = allUpdateLog(db, q);
    // The first page is read before answering, so a failure is still a typed error rather than a cut-off file.
    const first = await pages.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(csvRow(UPDATE_LOG_CSV_HEADER)));
        if (!first.done)
          controller.enqueue(encoder.encode(first.value.map((e) => csvRow(updateLogCsvCells(e))).join("")));
      },
      async pull(controller) {
        const next = first.done ? { done: true as const, value: undefined } : await pages.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map((e) => csvRow(updateLogCsvCells(e))).join("")));
      },
    });
    const name = `promptframe-update-log-${new Date().toISOString().slice(0, 10)}.csv`;
    return new Response(body, {
      headers: {
        ...NO_STORE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
      },
    });
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
