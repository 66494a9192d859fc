/** GET /api/v1/designs/{id}/download?format=png|jpeg&page= — the exported file as an attachment (one page, or a ZIP of all pages). */
import { methodsNotAllowed } from "@/lib/api/errors";
import { readQuery } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { downloadQuerySchema } from "@/lib/designs/contract";
import { downloadDesign } from "@/lib/designs/export";
import { designRuntime } from "@/lib/designs/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ request, user, params }) => {
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
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
