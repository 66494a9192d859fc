/** GET /api/v1/images/{id}/download?format=png|webp — my image as a file to save. */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { downloadImage } from "@/lib/media/images/manage";
import { imageRuntime } from "@/lib/media/images/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ format: z.enum(["png", "webp"]).default("png") });

export const GET = withUser(
  async ({ request, user, params }) => {
    const { format } = readQuery(request, query);
    const { db, store } = imageRuntime();
    const file = await downloadImage({ db, store, uid: user.uid, id: String(params.id), format });
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
