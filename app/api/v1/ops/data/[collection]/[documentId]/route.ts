/**
 * GET /api/v1/ops/data/{collection}/{documentId} — the document (masked), its version and its schema.
 * PUT — `{ data, version, dry_run? }`: validated against the collection's zod schema and the version
 *   (409 when it moved), the diff returned; written with its update-log entry unless dry_run.
 * DELETE `?version=` — deletes it (logged). Staff only; update_log and sensitive collections are read-only.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { writeDocumentSchema } from "@/lib/operations/data-dashboard/contract";
import { deleteDocument, readDocument, writeDocument } from "@/lib/operations/data-dashboard/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ params }) =>
    Response.json(
      { data: await readDocument(getDb(), String(params.collection), String(params.documentId)) },
      { headers: NO_STORE },
    ),
  { internal: true },
);

export const PUT = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, writeDocumentSchema, 1024 * 1024);
    return Response.json(
      { data: await writeDocument(getDb(), String(params.collection), String(params.documentId), body) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const DELETE = withUser(
  async ({ request, params }) => {
    const version = request.nextUrl.searchParams.get("version");
    if (!version)
      throw new ApiError("unprocessable_entity", "Say which version you are deleting (?version=).", {
        issues: [{ path: "version", message: "required" }],
      });
    return Response.json(
      { data: await deleteDocument(getDb(), String(params.collection), String(params.documentId), version) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const { POST, PATCH } = methodsNotAllowed(["GET", "PUT", "DELETE"]);
