/**
 * Makes a video through the API as the signed-in person, on the Local preview
 * writer, with no voice, captions or music: the storyboard the browser suites
 * start from. Returns its id (a 201 is asserted).
 */
import { expect, type APIRequestContext } from "@playwright/test";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";

export async function makeLocalVideo(
  request: APIRequestContext,
  a: { brief: string; aspect_ratio?: CompositionRatio; render_now?: boolean },
): Promise<string> {
  const made = await request.post("/api/v1/videos", {
    data: {
      brief: a.brief,
      aspect_ratio: a.aspect_ratio ?? "9:16",
      length_s: 15,
      template_id: null,
      voice_id: null,
      captions: false,
      music: false,
      model_id: "local/preview",
      ...(a.render_now ? { render_now: true } : {}),
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { id: string } }).data.id;
}
