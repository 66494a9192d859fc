/**
 * Caption presets on a video: the brand kit's caption style comes with the
 * kit when it is applied, the video's own choice (PATCH audio.caption_preset)
 * wins over it, a preset that does not exist is refused, and the editor's
 * preview shows (estimated) captions before the first render. The rendered
 * captions download as WebVTT (word timestamps) and SRT.
 */
import { expectApiError } from "@/tests/support/expect-api-error";
import { applyBrandToVideo, saveBrandKit } from "@/lib/creation/brand/service";
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { playerProps } from "@/lib/creation/video/media";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { captionFile } from "@/lib/creation/video/caption-files";
import { toWebVtt } from "@/lib/engine/audio/captions";
import { content } from "@/lib/platform/db/collections";

let env: TestEnv;
let deps: VideoDeps;
const UID = "captions-user";

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, UID, 10);
});
afterAll(() => env?.close());

it("takes the brand kit's caption style, lets the video choose its own, and refuses unknown presets", async () => {
  const video = await createVideo(deps, UID, {
    brief: "Bean There roasts coffee in Lisbon and delivers it by noon.",
    aspect_ratio: "9:16",
    length_s: 15,
    template_id: null,
    voice_id: "espeak:en-us-f",
    captions: true,
    music: false,
    model_id: "local/preview",
  });
  // Before any render there is no narration audio, yet the preview shows captions, drawn with the default preset.
  const before = await playerProps(deps, UID, video.id);
  expect(before.props.captionStyle.preset).toBe("word");
  const pages = before.props.scenes.flatMap((s) => s.captions);
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.every((p) => p.lines.flat().every((w) => w.startFrame !== undefined))).toBe(true);

  await saveBrandKit(deps, UID, {
    ...DEFAULT_BRAND_KIT,
    caption_style: { preset: "boxed", text_color: "#fefefe", highlight_color: "#ff0066", background_color: "#102030" },
  });
  const branded = await applyBrandToVideo(deps, UID, video.id, { apply: true, revision: video.revision });
  expect(branded.composition.brand?.caption_style).toMatchObject({ preset: "boxed", highlight_color: "#ff0066" });
  const withKit = (await playerProps(deps, UID, video.id)).props.captionStyle;
  expect(withKit).toMatchObject({
    preset: "boxed",
    textColor: "#fefefe",
    highlightColor: "#ff0066",
    backgroundColor: "#102030",
  });

  const chosen = await editVideo(deps, UID, video.id, {
    revision: branded.revision,
    audio: { ...branded.composition.audio, caption_preset: "karaoke" },
  });
  expect(chosen.composition.audio.caption_preset).toBe("karaoke");
  expect((await playerProps(deps, UID, video.id)).props.captionStyle.preset).toBe("karaoke");

  await expectApiError(
    editVideo(deps, UID, video.id, {
      revision: chosen.revision,
      audio: { ...chosen.composition.audio, caption_preset: "sparkles" },
    }),
    422,
  );
  await expectApiError(
    saveBrandKit(deps, UID, {
      ...DEFAULT_BRAND_KIT,
      caption_style: { preset: "pop", text_color: "white", highlight_color: "#ff0066", background_color: "#000000" },
    }),
    422,
  );
});

it("offers the rendered captions as WebVTT and as SRT, only to the owner and only once rendered", async () => {
  const video = await createVideo(deps, UID, {
    brief: "A spring tea sale.",
    aspect_ratio: "1:1",
    length_s: 15,
    template_id: null,
    voice_id: "espeak:en-us-f",
    captions: true,
    music: false,
    model_id: "local/preview",
  });
  await expectApiError(captionFile(deps, UID, video.id, "srt"), 404);
  // What a render stores (lib/creation/video/worker.ts): the track, and its key in the video's files.
  const vtt = toWebVtt([
    {
      offsetMs: 500,
      cues: [
        {
          text: "Spring tea, on sale.",
          startMs: 0,
          endMs: 1000,
          words: [
            { text: "Spring", startMs: 0, endMs: 300 },
            { text: "tea,", startMs: 300, endMs: 600 },
            { text: "on", startMs: 650, endMs: 750 },
            { text: "sale.", startMs: 750, endMs: 1000 },
          ],
        },
      ],
    },
  ]);
  const key = `videos/${UID}/${video.id}/r0-test.vtt`;
  await env.store.put(key, Buffer.from(vtt), { allowedTypes: ["text/vtt"] });
  const ref = env.db.collection(content).doc(video.id);
  await env.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const files = {
      video_key: `videos/${UID}/${video.id}/r0.mp4`,
      poster_key: `videos/${UID}/${video.id}/r0.jpg`,
      captions_key: key,
      revision: 0,
      duration_ms: 1500,
      width: 64,
      height: 64,
      size_bytes: 1,
      rendered_at: new Date().toISOString(),
    };
    tx.update(ref, { settings: { ...snap!.data.settings, files } });
  });

  const webvtt = await captionFile(deps, UID, video.id, "vtt");
  expect(webvtt.contentType).toMatch(/^text\/vtt/);
  expect(webvtt.body).toContain("00:00:00.500 --> 00:00:01.500\nSpring <00:00:00.800>tea, <00:00:01.150>on");
  const srt = await captionFile(deps, UID, video.id, "srt");
  expect(srt.contentType).toMatch(/^application\/x-subrip/);
  expect(srt.filename).toMatch(/\.srt$/);
  expect(srt.body).toBe("1\n00:00:00,500 --> 00:00:01,500\nSpring tea, on sale.\n");
  await expectApiError(captionFile(deps, "someone-else", video.id, "vtt"), 404);
});
