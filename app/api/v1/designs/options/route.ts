/** GET /api/v1/designs/options — live templates with their layouts (slot boxes per ratio, for thumbnails), the ratios, the export price and my balance. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { designOptions } from "@/lib/creation/designs/service/design-options";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, user }) => {
    const product = request.nextUrl.searchParams.get("product");
    return Response.json(
      { data: await designOptions(designRuntime(), user.uid, product) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
