/**
 * Render time: a key the render's owner may not use (planted straight in the
 * store: a scene picture, a narration, a brand logo) gets no URL, so the
 * renderer cannot fetch it and it cannot end up in the file; it is logged.
 */
import sharp from "sharp";
import { collectMediaKeys } from "../composition/media-keys";
import { openRenderTestEnv, sampleComposition, type RenderTestEnv } from "@/tests/support/render-env";
import { prepareRender } from "./prepare";

let env: RenderTestEnv;
beforeAll(async () => {
  env = await openRenderTestEnv();
});
afterAll(() => env.close());

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

it("drops a foreign key planted in the composition: no URL, an empty slot, a log line; own media is still served", async () => {
  const alicePicture = "assets/alice/a1/original.png";
  const bobPicture = "assets/bob/b1/original.png";
  await env.store.put(alicePicture, await png("#dc2626"));
  await env.store.put(bobPicture, await png("#16a34a"));
  const { composition, templateVersion } = sampleComposition({
    ratio: "16:9",
    layoutIds: ["starter-full-bleed", "starter-full-bleed"],
    durationMs: 1000,
  });
  // The stored body even claims Alice as its owner: whose render it is comes from the job (ownerId), not from the document.
  const body = structuredClone({ ...composition, owner_id: "alice" });
  body.scenes[0]!.values.image = { type: "media", key: alicePicture, media_type: "image/png", source: "asset" };
  body.scenes[1]!.values.image = { type: "media", key: bobPicture, media_type: "image/png", source: "asset" };
  body.scenes[1]!.voice = {
    key: "videos/alice/v1/voice/s2.wav",
    duration_ms: 800,
    cues: [],
    voice_id: "v",
    text_hash: "h",
  };
  body.brand = { apply: true, logo_key: "images/alice/c1/original.png", logo_asset_id: "c1" };

  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const prepared = await prepareRender({
    composition: body,
    ownerId: "bob",
    templateVersion,
    store: env.store,
    driver: "local",
    size: { width: 320, height: 180 },
  });
  try {
    const json = JSON.stringify(prepared.props);
    expect(json).not.toContain("alice");
    const srcs = prepared.props.scenes.map((s) => s.slots.find((slot) => slot.id === "image")?.media?.src ?? null);
    expect(srcs[0]).toBeNull();
    expect(prepared.props.scenes[1]!.narration).toBeNull();
    // Bob's own picture is reachable through the render's media server.
    const res = await fetch(srcs[1]!);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toEqual(
      expect.stringContaining("scenes.0.values.image"),
    );
    expect(warn).toHaveBeenCalledTimes(3);
  } finally {
    warn.mockRestore();
    await prepared.close();
  }
  // Sanity: the planted body did name Alice's files, so the test above could have failed.
  expect(collectMediaKeys(body).filter((k) => k.includes("alice"))).toHaveLength(3);
});

it("signs for a remote renderer only what the owner may use", async () => {
  const { composition, templateVersion } = sampleComposition({
    ratio: "1:1",
    layoutIds: ["starter-full-bleed"],
    durationMs: 1000,
  });
  const body = structuredClone(composition);
  body.scenes[0]!.values.image = {
    type: "media",
    key: "images/alice/c1/original.png",
    media_type: "image/png",
    source: "content",
  };
  const signed: string[] = [];
  const store = new Proxy(env.store, {
    get(target, prop, receiver) {
      if (prop === "signedUrl") return async (key: string) => (signed.push(key), `https://media.test/${key}`);
      if (prop === "kind") return "gcs";
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const prepared = await prepareRender({
      composition: body,
      templateVersion,
      store,
      driver: "lambda",
      size: { width: 200, height: 200 },
    });
    await prepared.close();
    expect(signed.filter((k) => k.includes("alice"))).toEqual([]);
    expect(signed.length).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledTimes(1);
  } finally {
    warn.mockRestore();
  }
});

it("gives a remote renderer a signed URL for a scene's clip (and its poster), trim and loop included", async () => {
  const { composition, templateVersion } = sampleComposition({
    ratio: "9:16",
    layoutIds: ["starter-full-bleed"],
    durationMs: 4000,
  });
  const body = structuredClone(composition);
  body.scenes[0]!.values.image = {
    type: "media",
    key: "assets/test-user/k1/original.mp4",
    media_type: "video/mp4",
    source: "asset",
    asset_id: "k1",
    clip_start_ms: 500,
    clip_duration_ms: 2500,
    poster_key: "assets/test-user/k1/thumb.webp",
  };
  const store = new Proxy(env.store, {
    get(target, prop, receiver) {
      if (prop === "signedUrl") return async (key: string) => `https://media.test/${key}?sig=1`;
      if (prop === "kind") return "gcs";
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  const prepared = await prepareRender({ composition: body, templateVersion, store, driver: "lambda", fps: 10 });
  await prepared.close();
  const media = prepared.props.scenes[0]!.slots.find((s) => s.id === "image")!.media!;
  expect(media.src).toBe("https://media.test/assets/test-user/k1/original.mp4?sig=1");
  // 4 s scene, 2 s left after the offset: 20 frames loop.
  expect(media.clip).toEqual({
    trimBeforeFrames: 5,
    loopFrames: 20,
    posterSrc: "https://media.test/assets/test-user/k1/thumb.webp?sig=1",
  });
});
