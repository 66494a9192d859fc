/** PATCH /api/v1/vibes/{id} Partial<VibeInput> -> Vibe; DELETE -> { deleted: 1 }. Mine only: another user's is 404, a built-in 403. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { assertNoBody, withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { vibePatchSchema } from "@/lib/media/vibes/schema";
import { deleteVibe, updateVibe } from "@/lib/media/vibes/vibes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };
const idOf = (params: Record<string, string | string[]>) => (typeof params.id === "string" ? params.id : "");

export const PATCH = withUser(
  async ({ request, params, user }) => {
    const patch = await readJsonBody(request, vibePatchSchema, 16 * 1024);
    const vibe = await updateVibe({ db: getDb(), uid: user.uid, id: idOf(params), patch });
    return Response.json({ data: vibe }, { headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ request, params, user }) => {
    await assertNoBody(request);
    await deleteVibe({ db: getDb(), uid: user.uid, id: idOf(params) });
    return Response.json({ data: { deleted: 1 } }, { headers: NO_STORE });
  },
  { apiKey: "delete" },
);

export const { GET, POST, PUT } = methodsNotAllowed(["PATCH", "DELETE"]);
