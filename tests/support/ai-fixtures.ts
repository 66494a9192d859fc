/**
 * Test helpers for the AI layer: small real PNGs (made with sharp), pixel
 * reads, and a recorder for the HTTP requests the provider SDKs send through msw.
 * Not a test file itself (no `.test.ts`), so Jest only runs it through imports.
 */
import sharp from "sharp";
import { png } from "./media";

export type Rgb = { r: number; g: number; b: number };

/** A solid-colour PNG of the given size: small, real, decodable. */
export function solidPng(width: number, height: number, colour: Rgb): Promise<Buffer> {
  return png(width, height, colour);
}

/** A black mask with one white rectangle (white = repaint). */
export async function rectMask(
  width: number,
  height: number,
  rect: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  const white = await sharp({
    create: { width: rect.width, height: rect.height, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([{ input: white, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

export async function pngSize(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; format: string | undefined }> {
  const meta = await sharp(Buffer.from(bytes)).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

export type RawImage = { data: Buffer; width: number; height: number; channels: number };

export async function rawPixels(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(bytes)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function pixelAt(img: RawImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * img.channels;
  return { r: img.data[i]!, g: img.data[i + 1]!, b: img.data[i + 2]! };
}

/** Mean colour over the whole image. */
export function meanColour(img: RawImage): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  const pixels = img.width * img.height;
  for (let p = 0; p < pixels; p++) {
    const i = p * img.channels;
    r += img.data[i]!;
    g += img.data[i + 1]!;
    b += img.data[i + 2]!;
  }
  return { r: r / pixels, g: g / pixels, b: b / pixels };
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/** One HTTP request as the SDK sent it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined for GET / non-JSON. */
  body: unknown;
}

/** Reads a request (from a cloned copy, so the handler can still use it) into a plain record. */
export async function recordRequest(request: Request): Promise<RecordedRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  let body: unknown;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const text = await request.clone().text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  }
  return { method: request.method, url: request.url, headers, body };
}

/** A promise that never settles: a provider that never answers. */
export function never<T = never>(): Promise<T> {
  return new Promise<T>(() => {});
}

/** The AI SDK logs every provider warning with console.warn; tests assert on warnings directly instead. */
export function quietAiSdkWarnings(): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
}
