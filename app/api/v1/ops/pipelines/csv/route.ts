/**
 * POST /api/v1/ops/pipelines/csv?name=file.csv — a CSV file's bytes → the keyed rows a pipeline's source holds.
 * UTF-8 only, at most 100 rows, every row with a link or a prompt; 422 with the reason otherwise. Nothing is stored.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { MAX_CSV_BYTES } from "@/lib/creation/batches/contract";
import { readCsvUpload } from "@/lib/creation/batches/upload";
import { readCsvSourceOffThread } from "@/lib/operations/production/source";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ name: z.string().trim().min(1).max(200).optional() });

export const POST = withUser(
  async ({ request }) => {
    const { name } = readQuery(request, query);
    const bytes = await readCsvUpload(request, {
      maxBytes: MAX_CSV_BYTES,
      tooLarge: `This file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. A production run takes at most 100 rows; split the file.`,
    });
    return Response.json(
      { data: await readCsvSourceOffThread(bytes, name, { signal: request.signal }) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true, limit: "csv_preview" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
