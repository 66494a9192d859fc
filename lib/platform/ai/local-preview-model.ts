/**
 * The local preview model: an in-process AI SDK image model (ImageModelV3) that
 * draws real PNGs with sharp. It needs no key and no network, so it is the
 * default when no provider is configured, the engine for seed data and the
 * model the end-to-end tests run against. It draws the prompt's subject with
 * open illustrations (Fluent Emoji, MIT) chosen by meaning, on a ground in the
 * prompt's colours or the caller's palette (`providerOptions.local.palette`),
 * and draws no text. Output is a pure function of (prompt, seed, size, palette
 * [, source, mask]).
 */
import {
  InvalidArgumentError,
  type ImageModelV3,
  type ImageModelV3CallOptions,
  type ImageModelV3File,
  type SharedV3Warning,
} from "@ai-sdk/provider";
import sharp from "sharp";
import { z } from "zod";
import { sizeForAspectRatio } from "./aspect-ratios";
import { composeSvg, type Focus } from "./local-preview/compose-svg";
import { illustrationLibrary } from "./local-preview/illustrations";
import { readPrompt } from "./local-preview/prompt-features";
import { chooseIllustrations } from "./local-preview/subject";

export const LOCAL_PREVIEW_MAX_IMAGES = 4;
/** How much of an unmasked edit is new paint; the rest lets the source show through. */
const UNMASKED_EDIT_OPACITY = 0.75;
const MIN_SIDE = 64;
const MAX_SIDE = 2048;

type Result = Awaited<ReturnType<ImageModelV3["doGenerate"]>>;

/** `providerOptions.local`: the template's or brand kit's colours, background first, for the picture's ground. */
const localOptionsSchema = z
  .object({
    palette: z
      .array(z.string().regex(/^#[0-9a-f]{6}$/i))
      .max(8)
      .optional(),
    /** Where the picture will be seen, in fractions of it (clear-area.ts): the subject is drawn inside. */
    area: z
      .object({
        x: z.number().min(0).max(1),
        y: z.number().min(0).max(1),
        w: z.number().gt(0).max(1),
        h: z.number().gt(0).max(1),
      })
      .optional(),
  })
  .passthrough();

export class LocalPreviewImageModel implements ImageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "local";
  readonly modelId = "preview";
  readonly maxImagesPerCall = LOCAL_PREVIEW_MAX_IMAGES;

  async doGenerate(options: ImageModelV3CallOptions): Promise<Result> {
    const { n, prompt = "", abortSignal } = options;
    abortSignal?.throwIfAborted();
    if (!Number.isInteger(n) || n < 1 || n > LOCAL_PREVIEW_MAX_IMAGES) {
      throw new InvalidArgumentError({
        argument: "n",
        message: `n must be 1 to ${LOCAL_PREVIEW_MAX_IMAGES}, got ${n}.`,
      });
    }
    const warnings: SharedV3Warning[] = [];
    const source = options.files?.[0] ? fileBytes(options.files[0], "files") : undefined;
    if ((options.files?.length ?? 0) > 1) {
      warnings.push({ type: "other", message: "The local preview model edits the first input image only." });
    }
    if (options.mask && !source) {
      throw new InvalidArgumentError({ argument: "mask", message: "A mask needs an input image to edit." });
    }

    const size = source ? await sourceSize(source, options, warnings) : targetSize(options, warnings);
    const mask = options.mask ? await maskAlpha(fileBytes(options.mask, "mask"), size) : undefined;
    const local = localOptionsSchema.safeParse(options.providerOptions?.local ?? {});
    if (!local.success) {
      throw new InvalidArgumentError({
        argument: "providerOptions.local",
        message: "palette must be up to 8 colours written #rrggbb; area a box {x, y, w, h} in fractions 0..1.",
      });
    }
    const features = readPrompt(prompt, local.data.palette);
    // With a mask, the subject is drawn where the mask paints ("a cat here"), not wherever the layout would put it.
    const focus = mask ? maskBox(mask, size) : undefined;
    const a = local.data.area;
    const area = a
      ? {
          left: a.x * size.width,
          top: a.y * size.height,
          width: Math.min(a.w, 1 - a.x) * size.width,
          height: Math.min(a.h, 1 - a.y) * size.height,
        }
      : undefined;
    const library = illustrationLibrary();
    // No seed means "surprise me"; the seed used is reported so the image can be reproduced.
    const baseSeed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const seeds = Array.from({ length: n }, (_, i) => (baseSeed + i) >>> 0);

    const images = await Promise.all(
      seeds.map(async (seed) => {
        abortSignal?.throwIfAborted();
        const picked = chooseIllustrations(prompt, library, seed);
        const svg = composeSvg({ features, seed, ...size, art: { ...picked, draw: library.draw }, focus, area });
        const png = source ? await paintOver({ source, svg, size, mask }) : await renderPng(svg);
        return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
      }),
    );

    return {
      images,
      warnings,
      providerMetadata: { local: { images: seeds.map((seed) => ({ seed, ...size })) } },
      response: { timestamp: new Date(), modelId: this.modelId, headers: undefined },
    };
  }
}

export function createLocalPreviewModel(): ImageModelV3 {
  return new LocalPreviewImageModel();
}

type Size = { width: number; height: number };

function targetSize(options: ImageModelV3CallOptions, warnings: SharedV3Warning[]): Size {
  if (options.size) {
    if (options.aspectRatio) {
      warnings.push({ type: "unsupported", feature: "aspectRatio", details: "`size` was given too and wins." });
    }
    const [width, height] = options.size.split("x").map(Number) as [number, number];
    for (const side of [width, height]) {
      if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE) {
        throw new InvalidArgumentError({
          argument: "size",
          message: `size must be WIDTHxHEIGHT with sides ${MIN_SIDE} to ${MAX_SIDE}, got "${options.size}".`,
        });
      }
    }
    return { width, height };
  }
  try {
    return sizeForAspectRatio(options.aspectRatio ?? "1:1");
  } catch (error) {
    throw new InvalidArgumentError({ argument: "aspectRatio", message: (error as Error).message });
  }
}

/** An edit keeps the source's size: a requested size or ratio would distort it. */
async function sourceSize(
  source: Buffer,
  options: ImageModelV3CallOptions,
  warnings: SharedV3Warning[],
): Promise<Size> {
  const meta = await sharp(source)
    .metadata()
    .catch(() => {
      throw new InvalidArgumentError({ argument: "files", message: "The input image could not be decoded." });
    });
  if (options.size || options.aspectRatio) {
    warnings.push({ type: "other", message: "Edits keep the input image's size; size and aspect ratio were ignored." });
  }
  return { width: meta.width, height: meta.height };
}

function fileBytes(file: ImageModelV3File, argument: string): Buffer {
  if (file.type === "url") {
    // Fetching arbitrary URLs from a local model would be an SSRF hole; callers pass bytes.
    throw new InvalidArgumentError({ argument, message: "The local preview model needs image bytes, not a URL." });
  }
  return typeof file.data === "string" ? Buffer.from(file.data, "base64") : Buffer.from(file.data);
}

/** The mask as one alpha channel: white = repaint, black = keep, grey = blend; transparency counts as keep. */
async function maskAlpha(mask: Buffer, size: Size): Promise<Buffer> {
  const meta = await sharp(mask)
    .metadata()
    .catch(() => {
      throw new InvalidArgumentError({ argument: "mask", message: "The mask could not be decoded." });
    });
  if (meta.width !== size.width || meta.height !== size.height) {
    throw new InvalidArgumentError({
      argument: "mask",
      message: `The mask is ${meta.width}x${meta.height} but the image is ${size.width}x${size.height}; they must match.`,
    });
  }
  return sharp(mask).flatten({ background: "#000000" }).greyscale().extractChannel(0).raw().toBuffer();
}

/** The bounding box of the mask's painted (over half white) pixels; none when it paints nothing. */
function maskBox(mask: Buffer, size: Size): Focus | undefined {
  let [left, top, right, bottom] = [size.width, size.height, -1, -1];
  for (let y = 0, i = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++, i++) {
      if (mask[i]! < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

function renderPng(svg: string): Promise<Buffer> {
  // Level 6 with adaptive filtering off: about half the encode time of the default for these flat images.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

async function paintOver(a: { source: Buffer; svg: string; size: Size; mask?: Buffer }): Promise<Buffer> {
  const { width, height } = a.size;
  // The SVG renders opaque RGBA; overwriting its alpha in place is cheaper than another sharp pipeline.
  const rgba = await sharp(Buffer.from(a.svg)).ensureAlpha().raw().toBuffer();
  const constant = Math.round(255 * UNMASKED_EDIT_OPACITY);
  for (let i = 0, p = 3; i < width * height; i++, p += 4) rgba[p] = a.mask ? a.mask[i]! : constant;
  return sharp(a.source)
    .composite([{ input: rgba, raw: { width, height, channels: 4 } }])
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
