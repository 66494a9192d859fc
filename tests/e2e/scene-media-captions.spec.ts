/**
 * The two choices of issue 22 through the whole product: a video with
 * narration and captions is rendered; in the editor a scene's picture is
 * swapped for a different suggestion (one of my assets matching its words)
 * and the caption style changed; rendered again, the MP4's frames differ
 * where they should: the swapped scene's picture changed, and in another
 * scene only the caption rows changed (everything above and below them is
 * the same frame as before).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { test, expect } from "./fixtures";
import { readVideo, waitForRender } from "./make-video";
import { seedAccount } from "../support/accounts";
import { setCredits } from "../support/test-db";

const local = !process.env.BASE_URL;
const RENDER_TIMEOUT = 240_000;
const FFMPEG = path.join(process.cwd(), "node_modules/@remotion/compositor-linux-x64-gnu/ffmpeg");

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface PlayerProps {
  width: number;
  fps: number;
  scenes: { id: string; from: number; durationInFrames: number; captionBox: Box }[];
}
interface VideoState {
  status: string;
  revision: number;
  render: { state: string; error: string | null } | null;
  files: { revision: number; video_url: string; width: number; height: number } | null;
  composition: {
    scenes: { id: string; image_prompt?: string; values: Record<string, { type: string; asset_id?: string }> }[];
  };
}

async function uploadPng(request: APIRequestContext, name: string, colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await request.post(`/api/v1/assets?name=${encodeURIComponent(name)}`, {
    data: bytes,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** One decoded frame (RGB) of an MP4 at `seconds`, with Remotion's ffmpeg. */
function frameAt(file: Buffer, seconds: number): Promise<{ data: Buffer; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(FFMPEG, [
      "-hide_banner",
      "-v",
      "error",
      "-i",
      "pipe:0",
      "-ss",
      seconds.toFixed(3),
      "-frames:v",
      "1",
      "-f",
      "image2pipe",
      "-c:v",
      "png",
      "pipe:1",
    ]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on("data", (c: Buffer) => out.push(c));
    p.stderr.on("data", (c: Buffer) => err.push(c));
    p.stdin.on("error", () => undefined); // ffmpeg may stop reading once it has the frame
    p.on("error", reject);
    p.on("close", (code) => {
      if (code !== 0 || out.length === 0) return reject(new Error(`ffmpeg exited ${code}: ${Buffer.concat(err)}`));
      sharp(Buffer.concat(out))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => resolve({ data, width: info.width, height: info.height }), reject);
    });
    p.stdin.end(file);
  });
}

/** Mean absolute difference (0–255) of each row of two frames of the same size. */
function rowDiffs(a: { data: Buffer; width: number; height: number }, b: { data: Buffer }): number[] {
  const rows: number[] = [];
  for (let y = 0; y < a.height; y++) {
    let sum = 0;
    for (let i = y * a.width * 3; i < (y + 1) * a.width * 3; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
    rows.push(sum / (a.width * 3));
  }
  return rows;
}

async function mp4Of(request: APIRequestContext, v: VideoState): Promise<Buffer> {
  const res = await request.get(v.files!.video_url);
  expect(res.status()).toBe(200);
  return res.body();
}

test("swap a scene's picture for another suggestion and change the caption style: the new MP4 differs where expected", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(RENDER_TIMEOUT * 2 + 120_000);
  await signedInAs("user", "/create");
  if (local) await setCredits(seedAccount("user").uid, 200);
  const tag = randomUUID().slice(0, 6);
  // Four pictures whose names match the brief's words (more than a 15 s video has picture scenes, so one stays free).
  const colours = ["#e63946", "#2a9d8f", "#f4a261", "#3a86ff"];
  for (const [i, c] of colours.entries()) await uploadPng(page.request, `quokka lantern ${tag} ${i + 1}.png`, c);
  const made = await page.request.post("/api/v1/videos", {
    data: {
      brief: `Quokka Lantern: a hand-made quokka lantern with a warm glow for garden evenings. ${tag}`,
      aspect_ratio: "16:9",
      length_s: 15,
      template_id: null,
      voice_id: "espeak:en-us-f",
      captions: true,
      music: false,
      model_id: "local/preview",
      render_now: true,
    },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  const first = await waitForRender<VideoState>(page.request, id, 0, {
    timeout: RENDER_TIMEOUT,
    intervals: [1000, 2000],
  });
  const before = await mp4Of(page.request, first);

  // Scene A: the first with a picture, which the render filled with one of my matching pictures.
  const sceneA = first.composition.scenes.find((s) => s.image_prompt)!;
  const assetOf = (s: VideoState["composition"]["scenes"][number] | undefined) =>
    Object.values(s?.values ?? {}).find((v) => v.type === "media")?.asset_id;
  const firstAsset = assetOf(sceneA);
  expect(firstAsset, "the render used one of my matching pictures").toBeTruthy();

  await page.goto(`/content/${id}/edit`);
  await page.locator(`[data-scene-item="${sceneA.id}"]`).locator("[data-scene-head]").click();
  const panel = page.getByRole("group", { name: "Picture" });
  const suggestions = panel.getByRole("list", { name: "Suggested pictures and clips" });
  const other = suggestions.getByRole("button", { name: new RegExp(`^Use photo: quokka lantern ${tag}`) }).first();
  await expect(other).toBeVisible({ timeout: 30_000 });
  await other.click();
  await expect(panel.getByText("Picture changed.")).toBeVisible({ timeout: 20_000 });

  const picker = page.getByRole("group", { name: "Caption style" });
  await picker.getByText("Boxed", { exact: true }).click();
  await expect(picker.getByRole("radio", { name: "Boxed" })).toBeChecked();
  await expect
    .poll(async () =>
      (await page.request.get(`/api/v1/videos/${id}`)).json().then((b) => b.data.composition.audio.caption_preset),
    )
    .toBe("boxed");
  const edited = await readVideo<VideoState>(page.request, id);
  const newAsset = assetOf(edited.composition.scenes.find((s) => s.id === sceneA.id));
  expect(newAsset).toBeTruthy();
  expect(newAsset).not.toBe(firstAsset);

  await page.getByRole("button", { name: "Render", exact: true }).click();
  await page.waitForURL(new RegExp(`/videos/${id}$`));
  const second = await waitForRender<VideoState>(page.request, id, edited.revision, {
    timeout: RENDER_TIMEOUT,
    intervals: [1000, 2000],
  });
  const after = await mp4Of(page.request, second);

  // Where the scenes are, and the caption box, from the stored composition's props (scaled to the MP4's width).
  const props = (
    (await (await page.request.get(`/api/v1/videos/${id}/player`)).json()) as { data: { props: PlayerProps } }
  ).data.props;
  const scale = second.files!.width / props.width;
  const mid = (s: PlayerProps["scenes"][number]) => (s.from + s.durationInFrames * 0.6) / props.fps;
  const a = props.scenes.find((s) => s.id === sceneA.id)!;
  const b = props.scenes.find((s) => s.id !== sceneA.id)!;

  // Scene A: its picture changed, so rows well away from the captions differ too.
  const [a1, a2] = [await frameAt(before, mid(a)), await frameAt(after, mid(a))];
  const aRows = rowDiffs(a1, a2);
  const captionRows = (box: Box) => [Math.floor(box.y * scale) - 3, Math.ceil((box.y + box.h) * scale) + 3] as const;
  const [ay0, ay1] = captionRows(a.captionBox);
  const aOutside = aRows.filter((_, y) => y < ay0 || y > ay1);
  expect(Math.max(...aOutside), "scene A's picture changed").toBeGreaterThan(20);

  // Scene B: same picture, same words at the same time; only the caption style changed.
  const [b1, b2] = [await frameAt(before, mid(b)), await frameAt(after, mid(b))];
  const bRows = rowDiffs(b1, b2);
  const [by0, by1] = captionRows(b.captionBox);
  const inside = bRows.filter((_, y) => y >= by0 && y <= by1);
  const outside = bRows.filter((_, y) => y < by0 || y > by1);
  expect(Math.max(...inside), "the caption rows changed with the style").toBeGreaterThan(8);
  expect(Math.max(...outside), "nothing else in scene B changed").toBeLessThan(6);
});
