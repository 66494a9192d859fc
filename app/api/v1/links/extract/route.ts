/**
 * POST /api/v1/links/extract  body { url } -> { data: ExtractedPage }
 * Reads a public web page through the URL guard and says what it found. Free;
 * nothing is saved. Refusals are 4xx with the reason in issues[0].message
 * (blocked_address, sign_in_required, not_html, too_large, timeout, …).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { extractPage } from "@/lib/creation/links/extract";
import { isLinkError } from "@/lib/platform/http/errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

const bodySchema = z.object({
  url: z.string().trim().min(1, "Paste the link of a web page.").max(2048, "That link is too long."),
});

export const POST = withUser(
  async ({ request, user: _user }) => {
    const { url } = await readJsonBody(request, bodySchema, 8 * 1024);
    try {
      const page = await extractPage(url, { signal: request.signal });
      return Response.json({ data: page }, { headers: NO_STORE });
    } catch (e) {
      if (isLinkError(e)) throw e.toApiError("url");
      throw e;
    }
  },
  { apiKey: "read", limit: "link_extract" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
