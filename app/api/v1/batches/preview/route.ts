/**
 * POST /api/v1/batches/preview — a CSV file's bytes (text/csv or application/octet-stream, ≤ 2 MB)
 * → its columns, mapping guesses, first rows and row count. Free; nothing is stored.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { MAX_CSV_BYTES } from "@/lib/creation/batches/contract";
import { previewCsvOffThread } from "@/lib/creation/batches/csv-off-thread";
import { readCsvUpload } from "@/lib/creation/batches/upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request }) => {
    const bytes = await readCsvUpload(request, {
      maxBytes: MAX_CSV_BYTES,
      tooLarge: `This file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. A batch holds at most 100 rows; split the file.`,
    });
    return Response.json(
      { data: await previewCsvOffThread(bytes, { signal: request.signal }) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read", limit: "csv_preview" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
