/**
 * POST /api/v1/workspace/download { items: [{kind, id}] } — a ZIP of the
 * rendered files (MP4s, images, design stills), streamed. 422 when none of
 * the items has one. X-Files / X-Skipped count what went in and what not.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { downloadItems } from "@/lib/creation/workspace/bulk";
import { bulkItemsSchema } from "@/lib/creation/workspace/contract";
import { workspaceRuntime } from "@/lib/creation/workspace/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    const { items } = await readJsonBody(request, bulkItemsSchema);
    const { stream, files, skipped } = await downloadItems(workspaceRuntime(), user.uid, items);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="promptframe-${day}.zip"`,
        "Cache-Control": "private, no-store",
        "X-Files": String(files.length),
        "X-Skipped": String(skipped.length),
      },
    });
  },
  { apiKey: "read" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
