/**
 * Caption presets on a video: the brand kit's caption style comes with the
 * kit when it is applied, the video's own choice (PATCH audio.caption_preset)
 * wins over it, a preset that does not exist is refused, and the editor's
 * preview shows (estimated) captions before the first render.
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
