import { COMPOSITION_SCHEMA_VERSION, type CompositionBody } from "@/lib/engine/composition/composition-schema";
import { assets } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { clipFacts, withCurrentClipFacts } from "./clips";

let env: TestEnv;
beforeAll(() => {
  env = openTestEnv();
});
afterAll(() => env.close());

const asset = (owner: string, key: string, duration_ms: number) => ({
  owner_id: owner,
  filename: "waves.mp4",
  content_type: "video/mp4",
  size: 1000,
  storage_key: key,
  created_at: new Date().toISOString(),
  kind: "video" as const,
  duration_ms,
  thumbnail_key: key.replace("original.mp4", "thumb.webp"),
});

describe("clipFacts", () => {
  it("takes a clip's probed length and poster, and nothing from a picture", () => {
    expect(
      clipFacts({ content_type: "video/webm", duration_ms: 8040.4, thumbnail_key: "assets/u/a/thumb.webp" }),
    ).toEqual({ clip_duration_ms: 8040, poster_key: "assets/u/a/thumb.webp" });
    expect(clipFacts({ content_type: "video/mp4", duration_ms: null, thumbnail_key: null })).toEqual({});
    expect(clipFacts({ content_type: "image/png", duration_ms: 10, thumbnail_key: "x.webp" })).toEqual({});
  });
});

describe("withCurrentClipFacts", () => {
  it("reads a clip's length again from its asset (a replaced file), leaving others' and changed assets alone", async () => {
    await env.db
      .collection(assets)
      .doc("mine1")
      .create(asset("u1", "assets/u1/mine1/original.mp4", 9000));
    await env.db
      .collection(assets)
      .doc("theirs")
      .create(asset("u2", "assets/u2/theirs/original.mp4", 7000));
    await env.db
      .collection(assets)
      .doc("moved1")
      .create(asset("u1", "assets/u1/moved1/other.mp4", 5000));
    const value = (id: string, owner = "u1") => ({
      type: "media" as const,
      key: `assets/${owner}/${id}/original.mp4`,
      media_type: "video/mp4",
      source: "asset" as const,
      asset_id: id,
      clip_duration_ms: 3000,
    });
    const body: CompositionBody = {
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "u1",
      kind: "video",
      title: "t",
      aspect_ratio: "16:9",
      template: { id: "starter-bold", version: 1 },
      scenes: [
        {
          id: "a",
          layout_id: "starter-full-bleed",
          values: { image: value("mine1") },
          narration: "",
          duration_ms: null,
        },
        {
          id: "b",
          layout_id: "starter-full-bleed",
          values: { image: value("theirs", "u2") },
          narration: "",
          duration_ms: null,
        },
        {
          id: "c",
          layout_id: "starter-full-bleed",
          values: { image: value("moved1") },
          narration: "",
          duration_ms: null,
        },
      ],
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
      brand: null,
      revision: 0,
    };
    const out = await withCurrentClipFacts(env.db, "u1", body);
    expect(out.scenes[0]!.values.image).toMatchObject({
      clip_duration_ms: 9000,
      poster_key: "assets/u1/mine1/thumb.webp",
    });
    expect(out.scenes[1]!.values.image).toEqual(body.scenes[1]!.values.image);
    expect(out.scenes[2]!.values.image).toEqual(body.scenes[2]!.values.image);
  });
});
