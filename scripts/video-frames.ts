/**
 * Figures for issue 20's note: two videos made the way the app makes them on
 * the embedded default (no keys: the Local preview writer and pictures), one
 * from a prompt and one from a saved product page, and one frame of each
 * scene as PNG, a contact sheet per video, and docs/video-frames.md listing
 * each scene's on-screen text beside its frame.
 *
 *   npx tsx --conditions=react-server scripts/video-frames.ts
 *
 * The pipeline is the app's, without the database: the writer's plan
 * (pickTemplate + localPlan), composeFromPlan, a Local preview picture for
 * each scene with an image prompt (generateScenePicture, the render worker's
 * step), then Remotion renders each scene's still frame (stillFrameOf: the
 * frame the poster and the editor show, the same as the video's) at 360×640.
 * No narration or music: the frames are what is looked at.
 *
 * To look at a brief of your own (nothing in docs/ changes):
 *   npx tsx --conditions=react-server scripts/video-frames.ts --brief "…" [--length 30] [--out /tmp/frames]
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { extractFromHtml } from "@/lib/creation/links/extract-html";
import { productBrief } from "@/lib/creation/links/product-video";
import { composeFromPlan } from "@/lib/creation/video/compose";
import { generateScenePicture, scenePalette } from "@/lib/creation/video/media";
import { sceneImageModel } from "@/lib/creation/video/scene-picture";
import { localPlan, pickTemplate, type WriterRequest } from "@/lib/creation/video/local-writer";
import type { Plan } from "@/lib/creation/video/plan";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { STARTER_TEMPLATES, STARTER_VERSION, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { stillFrameOf } from "@/remotion/frame-state";

const SIZE = { width: 360, height: 640 };
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const OWN_BRIEF = arg("brief");
const OWN_LENGTH = Number(arg("length") ?? 30);
const OUT_DIR = OWN_BRIEF
  ? path.resolve(arg("out") ?? path.join(os.tmpdir(), "pf-brief-frames"), "frames")
  : path.join(process.cwd(), "docs/frames");
const DOC = path.join(path.dirname(OUT_DIR), "video-frames.md");
const PROMPT = "A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours";
const PAGE = "amazon-kindle-book.html";
const PAGE_URL = "https://www.amazon.com/Whole-Truth-Shaw-Book-ebook/dp/B000VMHMJK";

const versions = STARTER_TEMPLATES.map((t) => ({ t, v: starterTemplateVersion(t) }));
const toolTemplates = versions.map(({ t, v }) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  mood: v.music.mood,
  layout_ids: v.layouts.map((l) => l.id),
}));
const toolLayouts = (id: string) =>
  versions
    .find(({ t }) => t.id === id)!
    .v.layouts.map((l) => ({
      id: l.id,
      name: l.name,
      slots: l.slots
        .filter((s) => s.kind !== "shape")
        .map((s) => ({ id: s.id, kind: s.kind, role: s.role, max_chars: s.fit.maxChars, required: s.required })),
    }));

interface Made {
  slug: string;
  label: string;
  source: string;
  plan: Plan;
  body: CompositionBody;
}

async function make(
  store: LocalBlobStore,
  slug: string,
  label: string,
  source: string,
  req: WriterRequest,
  lengthS: number,
): Promise<Made> {
  const template = pickTemplate(req, toolTemplates)!;
  const plan = localPlan(req, template, toolLayouts(template.id));
  const version = versions.find(({ t }) => t.id === plan.template_id)!.v;
  let body = composeFromPlan({
    plan,
    ownerId: "figures",
    aspectRatio: "9:16",
    lengthS,
    template: { id: plan.template_id, version: STARTER_VERSION, layouts: version.layouts },
    voiceId: null,
    captions: false,
    musicTrackId: null,
    musicVolume: version.music.volume,
  });
  // The render worker's step: a Local preview picture for each scene that asks for one.
  for (const scene of body.scenes) {
    const slot = version.layouts.find((l) => l.id === scene.layout_id)?.slots.find((s) => s.kind === "image");
    if (!scene.image_prompt || !slot || Object.values(scene.values).some((v) => v.type === "media")) continue;
    const value = await generateScenePicture({
      store,
      uid: "figures",
      contentId: slug,
      sceneId: scene.id,
      prompt: scene.image_prompt,
      ratio: body.aspect_ratio,
      palette: scenePalette(version, body),
      layout: version.layouts.find((l) => l.id === scene.layout_id),
    });
    body = {
      ...body,
      scenes: body.scenes.map((s) => (s.id === scene.id ? { ...s, values: { ...s.values, [slot.id]: value } } : s)),
    };
  }
  return { slug, label, source, plan, body };
}

/** A PNG small enough for the repository: 256 colours, as sharp quantises them. */
async function smallPng(input: Buffer | string): Promise<Buffer> {
  return sharp(input).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 }).toBuffer();
}

async function main() {
  const model = sceneImageModel();
  if (model.provider !== "local")
    throw new Error(`The figures are for the embedded default: unset the image provider keys (got ${model.label}).`);
  await ensureBundle();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pf-figures-"));
  const store = new LocalBlobStore({
    root: path.join(tmp, "blobs"),
    secret: randomBytes(32),
    urlPrefix: "/api/v1/blobs",
  });
  await ensureSampleMedia(store);
  const renderer = new LocalRenderer();
  fs.mkdirSync(OUT_DIR, { recursive: true });

  const html = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/links", PAGE), "utf8");
  const facts = await extractFromHtml({ html, url: PAGE_URL });
  const price = facts.price ? `${facts.price}${facts.currency ? ` ${facts.currency}` : ""}` : null;
  const videos = OWN_BRIEF
    ? [
        await make(
          store,
          "brief",
          "From your brief",
          `Brief: “${OWN_BRIEF}” (${OWN_LENGTH} s)`,
          { brief: OWN_BRIEF, length_s: OWN_LENGTH, aspect_ratio: "9:16", template_id: null },
          OWN_LENGTH,
        ),
      ]
    : [
        await make(
          store,
          "prompt-bottle",
          "From a prompt",
          `Brief: “${PROMPT}” (20 s)`,
          {
            brief: PROMPT,
            length_s: 20,
            aspect_ratio: "9:16",
            template_id: null,
          },
          20,
        ),
        await make(
          store,
          "page-kindle-book",
          "From a saved product page",
          `Page: \`tests/fixtures/links/${PAGE}\` (its title: “${facts.raw_name}”); facts read: name “${facts.name}”, author “${facts.brand}”, category “${facts.category}”, price ${price}. Its picture is on Amazon's CDN, out of reach here, so the scenes get Local preview pictures (30 s).`,
          {
            brief: productBrief(facts),
            length_s: 30,
            aspect_ratio: "9:16",
            template_id: null,
            product: { name: facts.name, price, points: facts.points, brand: facts.brand, category: facts.category },
          },
          30,
        ),
      ];

  const lines: string[] = [
    "# Frames of two videos on the embedded default",
    "",
    "Made by `npx tsx --conditions=react-server scripts/video-frames.ts` with no keys: the Local preview writer",
    "plans each video, the Local preview image model draws the scene pictures, and Remotion renders one frame",
    `of each scene (the frame the poster and the editor show) at ${SIZE.width}×${SIZE.height}, 9:16. No narration or music.`,
    "",
  ];
  try {
    for (const v of videos) {
      const version = versions.find(({ t }) => t.id === v.body.template.id)!.v;
      const prepared = await prepareRender({
        composition: v.body,
        templateVersion: version,
        store,
        driver: "local",
        size: SIZE,
      });
      const frames: string[] = [];
      try {
        for (const [i] of v.body.scenes.entries()) {
          const raw = path.join(tmp, `${v.slug}-${i + 1}.png`);
          await renderer.renderStill({
            props: prepared.props,
            frame: stillFrameOf(prepared.props, i),
            format: "png",
            outputPath: raw,
          });
          const file = path.join(OUT_DIR, `${v.slug}-scene-${i + 1}.png`);
          fs.writeFileSync(file, await smallPng(raw));
          frames.push(file);
        }
      } finally {
        await prepared.close();
      }
      // The contact sheet: the scenes side by side at half size, in order.
      const w = SIZE.width / 2;
      const h = SIZE.height / 2;
      const gap = 8;
      const sheet = await sharp({
        create: {
          width: frames.length * w + (frames.length + 1) * gap,
          height: h + 2 * gap,
          channels: 3,
          background: "#f4f4f5",
        },
      })
        .composite(
          await Promise.all(
            frames.map(async (f, i) => ({
              input: await sharp(f).resize(w, h).toBuffer(),
              left: gap + i * (w + gap),
              top: gap,
            })),
          ),
        )
        .png()
        .toBuffer();
      fs.writeFileSync(path.join(OUT_DIR, `${v.slug}-sheet.png`), await smallPng(sheet));

      lines.push(
        `## ${v.label}: “${v.plan.title}”`,
        "",
        v.source,
        "",
        `![Contact sheet](frames/${v.slug}-sheet.png)`,
        "",
      );
      lines.push("| Scene | Frame | On-screen text | Narration |", "|---|---|---|---|");
      for (const [i, scene] of v.plan.scenes.entries()) {
        const texts = scene.texts.map((t) => `${t.slot}: **${t.text.replace(/\|/g, "\\|").replace(/\n/g, " / ")}**`);
        lines.push(
          `| ${i + 1} (${scene.layout_id.replace(/^starter-/, "")}) | <img src="frames/${v.slug}-scene-${i + 1}.png" width="180" alt="Scene ${i + 1}"> | ${texts.join("<br>")} | ${scene.narration.replace(/\|/g, "\\|")} |`,
        );
      }
      lines.push("");
    }
  } finally {
    await renderer.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.writeFileSync(DOC, `${lines.join("\n")}\n`);
  const bytes = fs
    .readdirSync(OUT_DIR)
    .filter((f) => videos.some((v) => f.startsWith(v.slug)))
    .reduce((n, f) => n + fs.statSync(path.join(OUT_DIR, f)).size, 0);
  console.log(`wrote ${path.relative(process.cwd(), DOC)} and ${Math.round(bytes / 1024)} KB of frames`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
