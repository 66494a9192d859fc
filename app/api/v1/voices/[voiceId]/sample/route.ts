/**
 * GET /api/v1/voices/{id}/sample — a spoken sample of the voice (audio/wav), cached.
 */
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { SpeechError, findVoice, voiceSample } from "@/lib/engine/audio/speech";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async ({ request, params }) => {
    const id = String(params.voiceId);
    try {
      findVoice(id);
    } catch {
      throw new ApiError("not_found", "There is no such voice.");
    }
    try {
      const wav = await voiceSample(id, { abortSignal: request.signal });
      return new Response(Buffer.from(wav), {
        headers: { "Content-Type": "audio/wav", "Cache-Control": "private, max-age=86400" },
      });
    } catch (e) {
      if (e instanceof SpeechError)
        throw new ApiError(
          ["engine_missing", "engine_failed", "invalid_key", "quota_exceeded"].includes(e.code)
            ? "service_unavailable"
            : "unprocessable_entity",
          e.message,
        );
      throw e;
    }
  },
  { apiKey: "read", limit: "voice_sample" },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
