/**
 * Test fixtures for the image domain: a temp DATA_DIR with the embedded
 * database and the local blob store, a user with credits, a model list and a
 * fake generator that makes real PNGs with sharp (size from the aspect ratio,
 * colour from the seed) and can be told to fail.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { Db } from "@/lib/platform/db/db";
import { creditLedger, content, jobs, users } from "@/lib/platform/db/collections";
import { allCollections } from "@/lib/registry/collections";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import type { GenerateImagesRequest, ImageGenerator, ImageModelInfo } from "@/lib/media/images/types";

export const MODELS: ImageModelInfo[] = [
  {
    id: "local-preview",
    label: "Local preview",
    provider: "local",
    enabled: true,
    supportsEdit: true,
    maxImagesPerCall: 4,
  },
  {
    id: "gpt-image-1",
    label: "GPT Image 1",
    provider: "openai",
    enabled: true,
    supportsEdit: true,
    maxImagesPerCall: 4,
  },
  {
    id: "flux-schnell",
    label: "Flux Schnell",
    provider: "fal",
    enabled: true,
    supportsEdit: false,
    maxImagesPerCall: 4,
  },
  { id: "imagen-4", label: "Imagen 4", provider: "google", enabled: false, supportsEdit: false, maxImagesPerCall: 4 },
];

/** Shaped like lib/platform/ai's AiError. */
export class FakeAiError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(`fake ${code}`);
    this.name = "AiError";
  }
}

const SIZES: Record<string, [number, number]> = {
  "1:1": [64, 64],
  "4:5": [64, 80],
  "3:2": [96, 64],
  "16:9": [128, 72],
  "9:16": [72, 128],
};

export interface FakeGenerator extends ImageGenerator {
  calls: GenerateImagesRequest[];
  /** Errors to throw, one per call, before succeeding again. */
  failures: Error[];
  /** Runs inside each call before it answers (to observe progress, or stall). */
  during?: (req: GenerateImagesRequest) => Promise<void>;
}

export function fakeGenerator(): FakeGenerator {
  const state: Pick<FakeGenerator, "calls" | "failures" | "during"> = { calls: [], failures: [] };
  const run = async (req: GenerateImagesRequest) => {
    gen.calls.push(req);
    if (gen.during) await gen.during(req);
    const failure = gen.failures.shift();
    if (failure) throw failure;
    const [width, height] = SIZES[req.aspectRatio]!;
    const seed = req.seed ?? 0;
    const images = await Promise.all(
      Array.from({ length: req.n }, (_, i) =>
        sharp({
          create: { width, height, channels: 3, background: { r: (seed + i) % 256, g: (seed >> 8) % 256, b: 128 } },
        })
          .png()
          .toBuffer(),
      ),
    );
    return { images: images.map((b) => new Uint8Array(b)), mediaType: "image/png", warnings: [], modelId: req.modelId };
  };
  const gen: FakeGenerator = Object.assign(run, state);
  return gen;
}

export interface TestEnv {
  dir: string;
  db: Db;
  store: LocalBlobStore;
  close(): Promise<void>;
}

export function openTestEnv(): TestEnv {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-images-"));
  const db = new Db(
    new EmbeddedDriver({ file: path.join(dir, "test.sqlite"), collections: allCollections }),
    allCollections,
  );
  const store = new LocalBlobStore({
    root: path.join(dir, "blobs"),
    secret: randomBytes(32),
    urlPrefix: "/api/v1/blobs",
  });
  return {
    dir,
    db,
    store,
    async close() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function addUser(db: Db, uid: string, credits: number): Promise<void> {
  const at = "2026-01-01T00:00:00.000Z";
  await db
    .collection(users)
    .doc(uid)
    .create({
      user_id: uid,
      email: `${uid}@example.com`,
      name: uid,
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits,
      plan: "free",
      created_at: at,
      last_login_at: at,
    });
}

export async function balanceOf(db: Db, uid: string): Promise<number> {
  return (await db.collection(users).doc(uid).get())!.data.credits;
}

/** Counts of what a request may have written: used to prove "nothing written". */
export async function writes(env: TestEnv) {
  return {
    content: await env.db.collection(content).count(),
    jobs: await env.db.collection(jobs).count(),
    ledger: await env.db.collection(creditLedger).count(),
    blobs: (await env.store.list("images/")).length,
  };
}

export async function pngOf(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer(),
  );
}
