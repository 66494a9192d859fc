/** GET /api/v1/vibes — built-in vibes and mine: `{ vibes: Vibe[] }`; POST VibeInput -> Vibe (201). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";
import { vibeInputSchema } from "@/lib/media/vibes/schema";
import { createVibe, listVibes } from "@/lib/media/vibes/vibes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) => {
    const vibes = await listVibes({ db: getDb(), store: getBlobStore(), uid: user.uid });
    return Response.json({ data: { vibes } }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const POST = withUser(
  async ({ request, user }) => {
    const input = await readJsonBody(request, vibeInputSchema, 16 * 1024);
    const vibe = await createVibe({ db: getDb(), uid: user.uid, input });
    return Response.json({ data: vibe }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
