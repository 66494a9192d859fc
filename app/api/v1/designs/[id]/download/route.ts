/** GET /api/v1/designs/{id}/download?format=png|jpeg&page= — the exported file as an attachment (one page, or a ZIP of all pages). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { downloadQuerySchema } from "@/lib/creation/designs/contract";
import { downloadDesign } from "@/lib/creation/designs/export";
import { designRuntime } from "@/lib/creation/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, user, params }) => {
    const q = readQuery(request, downloadQuerySchema);
    const file = await downloadDesign(designRuntime(), user.uid, String(params.id), q);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.body.length),
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
