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

/** What every render wait reads of a video (a spec's own type adds what it checks). */
export interface RenderedVideo {
  status: string;
  files: { revision: number } | null;
  render: { state: string; error: string | null } | null;
}

/** GET /api/v1/videos/{id} as the signed-in person (a 200 is asserted). */
export async function readVideo<V extends RenderedVideo>(request: APIRequestContext, id: string): Promise<V> {
  const res = await request.get(`/api/v1/videos/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: V }).data;
}

/** Polls the video until its file is of `revision` or newer; a failed render fails the test with its reason. */
export async function waitForRender<V extends RenderedVideo>(
  request: APIRequestContext,
  id: string,
  revision: number,
  o: { timeout: number; intervals?: number[] },
): Promise<V> {
  let last: V | null = null;
  await expect
    .poll(
      async () => {
        last = await readVideo<V>(request, id);
        if (last.render?.state === "failed") throw new Error(`render failed: ${last.render.error}`);
        return last.status === "ready" && (last.files?.revision ?? -1) >= revision;
      },
      { timeout: o.timeout, intervals: o.intervals ?? [500, 1000] },
    )
    .toBe(true);
  return last!;
}
