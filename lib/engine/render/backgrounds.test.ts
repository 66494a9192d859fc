import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { backgroundSvg } from "../composition/background-svg";
import { STARTER_TEMPLATES } from "../composition/starter";
import { backgroundSchema } from "../composition/template-schema";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { backgroundKey, drawBackground, ensureBackground } from "./backgrounds";

let dir: string;
let store: LocalBlobStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-bg-"));
  store = new LocalBlobStore({ root: dir, secret: randomBytes(32), urlPrefix: "/b" });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const size = { width: 320, height: 180 };

async function stats(buf: Buffer) {
  const s = await sharp(buf).stats();
  return s.channels.slice(0, 3);
}

describe("template backgrounds", () => {
  it.each(STARTER_TEMPLATES.map((t) => [t.id, backgroundSchema.parse(t.version.style.background)] as const))(
    "%s draws at the canvas size with visible texture",
    async (_id, bg) => {
      const jpeg = await drawBackground(bg, size);
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 320, 180]);
      // Patterns and gradients vary across the picture.
      expect(Math.max(...(await stats(jpeg)).map((c) => c.stdev))).toBeGreaterThan(1);
    },
  );

  it("draws a gradient from its first colour to its last along the angle", async () => {
    const bg = backgroundSchema.parse({ kind: "gradient", colors: ["#000000", "#ffffff"], angle: 90 });
    const raw = await sharp(await drawBackground(bg, size))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number) => raw.data[(90 * raw.info.width + x) * raw.info.channels]!;
    expect(at(2)).toBeLessThan(30);
    expect(at(317)).toBeGreaterThan(225);
    expect(backgroundSvg(bg, size)).toContain("linearGradient");
  });

  it("stores one picture per background and size, and reuses it", async () => {
    const bg = backgroundSchema.parse(STARTER_TEMPLATES[1]!.version.style.background);
    const key = await ensureBackground({ background: bg, size, store });
    expect(key).toBe(backgroundKey(bg, size));
    const info = await store.head(key!);
    expect(info!.contentType).toBe("image/jpeg");
    const mtime = fs.statSync(path.join(dir, ...key!.split("/"))).mtimeMs;
    expect(await ensureBackground({ background: bg, size, store })).toBe(key);
    expect(fs.statSync(path.join(dir, ...key!.split("/"))).mtimeMs).toBe(mtime);
    expect(backgroundKey(bg, { width: 640, height: 360 })).not.toBe(key);
  });

  it("needs no picture for a solid colour", async () => {
    expect(
      await ensureBackground({
        background: backgroundSchema.parse({ kind: "solid", colors: ["#123456"] }),
        size,
        store,
      }),
    ).toBeNull();
  });
});
