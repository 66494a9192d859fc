/**
 * POST /api/v1/studio/templates/{id}/fonts — multipart `file`: a TTF/OTF/WOFF/WOFF2 font for the template's style.
 * 201 `{ key, family, format, url }`; a file that is not a font is a 422 with the reason; over 5 MB a 413. Staff only.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { readUploadedFile } from "@/lib/media/assets/read-upload";
import { MAX_FONT_BYTES, uploadTemplateFont } from "@/lib/studio/templates/fonts";
import { studioDeps } from "@/lib/studio/templates/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params }) => {
    const file = await readUploadedFile(request, { field: "file", maxBytes: MAX_FONT_BYTES });
    return Response.json(
      { data: await uploadTemplateFont(studioDeps(), String(params.templateId), file.bytes) },
      { status: 201, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
