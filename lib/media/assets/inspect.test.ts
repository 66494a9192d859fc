/** Every kind judged by its bytes: sniffing, fonts parsed, lying names refused, truncated files refused. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { png } from "@/tests/support/media";
import { sniffContentType } from "@/lib/platform/storage/sniff";
import { parseFont } from "./font";
import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { SVG_MAX_BYTES } from "./contract";
import { inspectUpload, looksLikeSvg } from "./inspect";
import { svgRefusal } from "./svg-check";
import { mp4File, svgLogo, ttfFont, wavFile, woff2Font, woffFont } from "./testing";

const dir = mkdtempSync(path.join(tmpdir(), "pf-inspect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function inspect(bytes: Buffer, name: string, kind?: "logo") {
  const p = path.join(dir, String(n++));
  writeFileSync(p, bytes);
  return inspectUpload({ path: p, size: bytes.length, name }, { kind });
}
const ascii = (s: string) => Buffer.from(s, "latin1");

it("sniffs each kind from its first bytes, whatever it is called", () => {
  const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii(`ftyp${brand}`), Buffer.alloc(8)]);
  expect(sniffContentType(ftyp("isom"))).toBe("video/mp4");
  expect(sniffContentType(ftyp("qt  "))).toBe("video/quicktime");
  expect(sniffContentType(ftyp("M4A "))).toBe("audio/mp4");
  expect(sniffContentType(ascii("OggS\0\x02"))).toBe("audio/ogg");
  expect(sniffContentType(ascii("ID3\x04\0\0"))).toBe("audio/mpeg");
  expect(sniffContentType(Buffer.from([0xff, 0xfb, 0x90, 0x44]))).toBe("audio/mpeg");
  expect(sniffContentType(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull(); // ADTS AAC is not MP3
  expect(sniffContentType(woff2Font().subarray(0, 32))).toBe("font/woff2");
  expect(sniffContentType(woffFont().subarray(0, 32))).toBe("font/woff");
  expect(sniffContentType(ttfFont().subarray(0, 32))).toBe("font/ttf");
  expect(sniffContentType(wavFile().subarray(0, 32))).toBe("audio/wav");
  expect(sniffContentType(ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull(); // SVG is never a stored type
});

it("reads a font's family from its name table in TTF, WOFF and WOFF2", () => {
  for (const [bytes, format] of [
    [ttfFont(), "ttf"],
    [woffFont(), "woff"],
    [woff2Font(), "woff2"],
  ] as const) {
    expect(parseFont(bytes)).toMatchObject({ format, family: "Inter", contentType: `font/${format}` });
  }
});

it("refuses a font that is not a font, and truncated fonts, saying why", () => {
  expect(() => parseFont(ascii("just some text in a .ttf"))).toThrow(
    /not a usable font \(it does not start like a font file\)/,
  );
  const woff2 = woff2Font();
  expect(() => parseFont(woff2.subarray(0, woff2.length - 100))).toThrow(/cut short/);
  const ttf = ttfFont();
  expect(() => parseFont(ttf.subarray(0, 200))).toThrow(/outside the file|cut short/);
  // A valid signature with a head table whose magic number is wrong.
  const broken = Buffer.from(ttf);
  const nTables = broken.readUInt16BE(4);
  for (let i = 0; i < nTables; i++)
    if (broken.toString("latin1", 12 + i * 16, 16 + i * 16) === "head")
      broken.writeUInt32BE(0, broken.readUInt32BE(12 + i * 16 + 8) + 12);
  expect(() => parseFont(broken)).toThrow(/head table is broken/);
});

it("inspects an image, an SVG logo (rasterised to PNG), a font, a WAV and an MP4 with their facts", async () => {
  expect(await inspect(await png(30, 20, "#123456"), "a.png")).toMatchObject({
    kind: "image",
    contentType: "image/png",
    width: 30,
    height: 20,
    thumbnail: expect.any(Buffer),
  });
  expect(await inspect(await png(30, 20, "#123456"), "a.png", "logo")).toMatchObject({ kind: "logo" });
  const svg = await inspect(svgLogo(), "brand.svg");
  expect(svg).toMatchObject({ kind: "logo", contentType: "image/png", ext: "png", width: 1024, height: 512 });
  expect(sniffContentType(svg.replacement!.subarray(0, 32))).toBe("image/png");
  expect(await inspect(woff2Font(), "Inter.woff2")).toMatchObject({
    kind: "font",
    contentType: "font/woff2",
    fontFamily: "Inter",
    thumbnail: null,
  });
  expect(await inspect(wavFile(400), "beep.wav")).toMatchObject({
    kind: "audio",
    contentType: "audio/wav",
    durationMs: 400,
  });
  expect(await inspect(await mp4File(), "clip.mp4")).toMatchObject({
    kind: "video",
    contentType: "video/mp4",
    width: 64,
    height: 48,
    durationMs: 600,
    thumbnail: expect.any(Buffer),
  });
});

it.each([
  [
    "a PNG named .ttf",
    async () => png(30, 20, "#123456"),
    "logo.ttf",
    /named like a font \(\.ttf\) but its bytes are a PNG image\. Rename it/,
  ],
  [
    "text named .ttf (a font that is not a font)",
    async () => ascii("hello, not a font"),
    "Brand.ttf",
    /"Brand\.ttf" is not a font/,
  ],
  [
    "a font signature with garbage after it",
    async () => Buffer.concat([ascii("wOF2"), Buffer.alloc(60, 7)]),
    "x.woff2",
    /not a usable font/,
  ],
  [
    "an MP4 named .mp3",
    async () => mp4File(),
    "song.mp3",
    /"song.mp3" is named like audio \(\.mp3\) but its bytes are an MP4 video clip/,
  ],
  ["a truncated MP4", async () => (await mp4File()).subarray(0, 200), "clip.mp4", /no playable picture/],
  ["a truncated PNG", async () => (await png(30, 20, "#123456")).subarray(0, 40), "a.png", /could not be read/],
  [
    "an SVG that links to another file",
    async () => svgLogo('<image href="file:///etc/passwd"/>'),
    "evil.svg",
    /links to another file/,
  ],
  ["an SVG with a script", async () => svgLogo("<script>alert(1)</script>"), "evil.svg", /scripts/],
  ["a PDF", async () => ascii("%PDF-1.7\n..."), "doc.pdf", /not a file we can use/],
] as const)("refuses %s with a clear 415", async (_label, make, name, message) => {
  await expect(inspect(await make(), name)).rejects.toMatchObject({
    code: "unsupported_media_type",
    message: expect.stringMatching(message),
  });
});

it("applies each kind's own size limit", async () => {
  const big = Buffer.concat([await png(30, 20, "#123456"), Buffer.alloc(10 * 1024 * 1024)]);
  await expect(inspect(big, "big.png")).rejects.toMatchObject({
    code: "payload_too_large",
    message: expect.stringMatching(/images are at most 10 MB/),
  });
  const bigSvg = Buffer.concat([svgLogo(), Buffer.alloc(1024 * 1024, 0x20)]);
  await expect(inspect(bigSvg, "big.svg")).rejects.toMatchObject({
    code: "payload_too_large",
    message: expect.stringMatching(/SVG logos are at most 1.0 MB/),
  });
});

describe("hostile text", () => {
  it("knows an SVG after a BOM, an XML declaration, comments and a doctype, and nothing else", () => {
    const yes = [
      "<svg>",
      "\uFEFF<svg xmlns='x'/>",
      '<?xml version="1.0"?>\n<!-- a -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<!-- b --><SVG\nwidth="1">',
    ];
    for (const t of yes) expect(looksLikeSvg(Buffer.from(t))).toBe(true);
    const no = [
      "<svgx>",
      "<svg",
      "<html><svg>",
      "<!-- never closed <svg>",
      "<!DOCTYPE a><!DOCTYPE b><svg>",
      "<svg>\u0001binary",
      `${"<!---->".repeat(30)}x`,
    ];
    for (const t of no) expect(looksLikeSvg(Buffer.from(t))).toBe(false);
  });

  // "<!---->" x 30 + "x" froze the server for 87 s through looksLikeSvg's regex (2 -> 16 comments took 600x longer).
  it("sniffs a head of empty comments in time that grows with the head, up to the 4 KB it reads", async () => {
    const comments = (bytes: number) => Buffer.from(`${"<!---->".repeat(Math.floor(bytes / 7) - 1)}x`);
    const g = await growth({ size: 512, input: comments, run: looksLikeSvg });
    expect(g.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
  });

  it("checks an SVG's text in time that grows with it, up to SVG_MAX_BYTES", async () => {
    const hostile = (bytes: number) =>
      `<svg>${"<a xlink:href = '#x' href=\"#y\">".repeat(Math.floor(bytes / 40))}${"href=".repeat(Math.floor(bytes / 10))}</svg>`;
    const g = await growth({ size: SVG_MAX_BYTES / 8, input: hostile, run: (t) => svgRefusal(t, "a.svg") });
    expect(g.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
  });

  it("refuses the 211-byte upload that froze the server, at once", async () => {
    const started = Date.now();
    await expect(inspect(Buffer.from(`${"<!---->".repeat(30)}x`), "logo.svg")).rejects.toMatchObject({
      code: "unsupported_media_type",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
