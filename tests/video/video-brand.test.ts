/**
 * "Apply my brand kit" on a video (lib/creation/brand/service.ts applyBrandToVideo,
 * the route PUT /api/v1/videos/{id}/brand): turning it on stores a snapshot
 * of the kit on the composition under a new revision; later kit changes do
 * not reach the video until it is applied again; off clears it; a stale
 * revision, bad input or someone else's video changes nothing.
 */
import { expectApiError } from "@/tests/support/expect-api-error";
import { applyBrandToVideo, saveBrandKit } from "@/lib/creation/brand/service";
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import type { VideoDeps } from "@/lib/creation/video/service/shared";

let env: TestEnv;
let deps: VideoDeps;
const UID = "brand-user";
const OTHER = "brand-other";

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, UID, 10);
  await addUser(env.db, OTHER, 10);
});
afterAll(() => env?.close());

const kit = (primary: string) => ({ ...DEFAULT_BRAND_KIT, colors: { ...DEFAULT_BRAND_KIT.colors, primary } });

it("applies a snapshot of the kit, keeps it when the kit changes, and turns it off", async () => {
  const video = await createVideo(deps, UID, {
    brief: "Bean There roasts coffee in Lisbon.",
    aspect_ratio: "1:1",
    length_s: 15,
    template_id: null,
    voice_id: null,
    captions: false,
    music: false,
    model_id: "local/preview",
  });
  expect(video.composition.brand).toBeNull();
  await saveBrandKit(deps, UID, kit("#123456"));

  const on = await applyBrandToVideo(deps, UID, video.id, { apply: true, revision: video.revision });
  expect(on.revision).toBe(video.revision + 1);
  expect(on.composition.brand).toMatchObject({ apply: true, palette: { primary: "#123456" } });

  // The kit changes; the video keeps the snapshot it was given.
  await saveBrandKit(deps, UID, kit("#abcdef"));
  expect((await getVideo(deps, UID, video.id)).composition.brand).toMatchObject({ palette: { primary: "#123456" } });

  // A stale revision is a conflict and changes nothing.
  await expectApiError(applyBrandToVideo(deps, UID, video.id, { apply: false, revision: video.revision }), 409);
  expect((await getVideo(deps, UID, video.id)).revision).toBe(on.revision);

  const off = await applyBrandToVideo(deps, UID, video.id, { apply: false, revision: on.revision });
  expect(off.composition.brand).toBeNull();
});

it("refuses bad input and other people's videos", async () => {
  const video = await createVideo(deps, UID, {
    brief: "A spring tea sale.",
    aspect_ratio: "9:16",
    length_s: 15,
    template_id: null,
    voice_id: null,
    captions: false,
    music: false,
    model_id: "local/preview",
  });
  await expectApiError(applyBrandToVideo(deps, UID, video.id, { apply: "yes", revision: 0 }), 422);
  await expectApiError(applyBrandToVideo(deps, OTHER, video.id, { apply: true, revision: video.revision }), 404);
  // A logo that is not one of my assets cannot enter the kit.
  await expectApiError(saveBrandKit(deps, UID, { ...DEFAULT_BRAND_KIT, logo_asset_id: "not-mine" }), 422);
  expect((await getVideo(deps, UID, video.id)).revision).toBe(video.revision);
});
