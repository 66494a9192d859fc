/**
 * GET /api/v1/music/{id} — a background track (audio/wav), synthesised once and kept.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { videoRuntime } from "@/lib/creation/video/runtime";
import { MUSIC_SYNTH_VERSION, findMusicTrack, renderMusicTrack } from "@/lib/engine/audio/music";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ params }) => {
    let track;
    try {
      track = findMusicTrack(String(params.trackId));
    } catch {
      throw new ApiError("not_found", "There is no such music track.");
    }
    const { store } = videoRuntime();
    const key = `music/${track.id}-v${MUSIC_SYNTH_VERSION}.wav`;
    if (!(await store.head(key)))
      await store.put(key, await renderMusicTrack(track.id), { allowedTypes: ["audio/wav"] });
    const url = await store.signedUrl(key, { expiresInSeconds: 3600 });
    return new Response(null, { status: 307, headers: { Location: url, "Cache-Control": "private, max-age=600" } });
  },
  { apiKey: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
