/** GET /api/v1/vibes — built-in vibes and mine: `{ vibes: Vibe[] }`; POST VibeInput -> Vibe (201). */
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { vibeInputSchema } from "@/lib/vibes/schema";
import { createVibe, listVibes } from "@/lib/vibes/vibes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(async ({ user }) => {
  const vibes = await listVibes({ db: getDb(), store: getBlobStore(), uid: user.uid });
  return Response.json({ data: { vibes } }, { headers: NO_STORE });
});

export const POST = withUser(async ({ request, user }) => {
  const input = await readJsonBody(request, vibeInputSchema, 16 * 1024);
  const vibe = await createVibe({ db: getDb(), uid: user.uid, input });
  return Response.json({ data: vibe }, { status: 201, headers: NO_STORE });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
