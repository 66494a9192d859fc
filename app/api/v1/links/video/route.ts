/**
 * POST /api/v1/links/video  body { facts: ProductFacts, video: CreateVideoInput without brief (brief optional), product_id? }
 *   -> 201 { data: { product_id, video: VideoView } }
 * Saves the product (or reuses product_id) with its pictures and makes the
 * video from it. All or nothing: a failure leaves no product, asset or video
 * behind and charges nothing.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { requireKeyScope, withUser } from "@/lib/access/auth/server/with-user";
import { isLinkError } from "@/lib/platform/http/errors";
import { createProductVideo } from "@/lib/creation/links/product-video";
import { videoRuntime } from "@/lib/creation/video/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

const bodySchema = z.object({
  facts: z.record(z.string(), z.unknown()),
  video: z.record(z.string(), z.unknown()),
  product_id: z.string().trim().min(1).max(128).optional(),
});

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, bodySchema, 32 * 1024);
    if (body.video.render_now === true) requireKeyScope(user, "render");
    const link = typeof body.facts.link === "string" && body.facts.link.length > 0;
    try {
      const result = await createProductVideo(
        videoRuntime(),
        user.uid,
        {
          facts: body.facts as never,
          video: body.video as never,
          source: link ? "link" : "manual",
          productId: body.product_id,
        },
        { signal: request.signal },
      );
      return Response.json(
        { data: { product_id: result.productId, video: result.video } },
        { status: 201, headers: NO_STORE },
      );
    } catch (e) {
      if (isLinkError(e)) throw e.toApiError("facts.image_urls");
      throw e;
    }
  },
  { apiKey: "create", limit: "storyboard" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
