/**
 * GET /api/v1/ops/data/{collection} — a page of the collection on one of its
 * declared indexes (`?index=n&eq.<field>=v&cursor&limit&id`), masked; with
 * `format=jsonl` the whole filtered view as streamed JSON lines.
 * POST — create a document `{ id?, data, dry_run? }`, schema-checked, logged.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { createDocumentSchema } from "@/lib/operations/data-dashboard/contract";
import { createDocument, exportCollection, queryCollection } from "@/lib/operations/data-dashboard/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request, params }) => {
    const name = String(params.collection);
    const query = Object.fromEntries(request.nextUrl.searchParams);
    const db = getDb();
    if (query.format !== "jsonl") return Response.json(await queryCollection(db, name, query), { headers: NO_STORE });
    const chunks = exportCollection(db, name, query);
    // The first chunk is read before answering, so a bad filter is still a typed error.
    const first = await chunks.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = first.done ? { done: true as const, value: undefined } : await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(body, {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.jsonl"`,
      },
    });
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, createDocumentSchema, 1024 * 1024);
    const result = await createDocument(getDb(), String(params.collection), body);
    return Response.json({ data: result }, { status: result.written ? 201 : 200, headers: NO_STORE });
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
