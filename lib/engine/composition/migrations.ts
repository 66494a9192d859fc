/**
 * Upgrades stored or imported compositions to the current shape, one
 * version step at a time, then validates the result. Browser-safe.
 *
 * Versions:
 * - 1: the flat shape of the first drafts (product-design page): `aspect`,
 *   `template_id` + `template_version`, scenes with `layout`, a `text` map
 *   (slot -> string), a `media` map (slot -> blob key), `seconds`, and flat
 *   `voice` / `captions` / `music: { track, volume 0-100 }` settings. A
 *   document without `schema_version` is a version 1 document.
 * - 2 (current): composition-schema.ts (typed slot values, `duration_ms`,
 *   `audio`, `brand`, `revision`, the cached `voice` per scene).
 *
 * To change the shape: bump COMPOSITION_SCHEMA_VERSION, add the step from
 * the previous version here, and a test with a document of the old shape.
 */
import { COMPOSITION_SCHEMA_VERSION, compositionBodySchema, type CompositionBody } from "./composition-schema";

export class CompositionMigrationError extends Error {
  constructor(
    message: string,
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "CompositionMigrationError";
  }
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

const EXT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
};

function mediaTypeOfKey(key: string): string {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return EXT_TYPES[ext] ?? "image/png";
}

function v1SceneToV2(scene: unknown, index: number): Raw {
  if (!isObject(scene)) return {};
  const values: Raw = {};
  if (isObject(scene.text))
    for (const [slot, text] of Object.entries(scene.text))
      values[slot] = typeof text === "string" ? { type: "text", text } : { type: "none" };
  if (isObject(scene.media)) {
    for (const [slot, m] of Object.entries(scene.media)) {
      const key = typeof m === "string" ? m : isObject(m) && typeof m.key === "string" ? m.key : null;
      values[slot] = key
        ? { type: "media", key, media_type: mediaTypeOfKey(key), source: "generated" }
        : { type: "none" };
    }
  }
  const seconds = typeof scene.seconds === "number" ? scene.seconds : null;
  return {
    id: typeof scene.id === "string" ? scene.id : `s${index + 1}`,
    layout_id: scene.layout,
    values,
    narration: typeof scene.narration === "string" ? scene.narration : "",
    duration_ms: seconds === null ? null : Math.round(seconds * 1000),
    ...(typeof scene.image_prompt === "string" ? { image_prompt: scene.image_prompt } : {}),
  };
}

const STEPS: Record<number, (doc: Raw) => Raw> = {
  1: (d) => {
    const music = isObject(d.music) ? d.music : {};
    const volume = typeof music.volume === "number" ? Math.min(100, Math.max(0, music.volume)) / 100 : 0.35;
    return {
      schema_version: 2,
      owner_id: d.owner_id,
      kind: d.kind ?? "video",
      title: d.title ?? "",
      aspect_ratio: d.aspect,
      template: { id: d.template_id, version: d.template_version ?? 1 },
      scenes: Array.isArray(d.scenes) ? d.scenes.map(v1SceneToV2) : [],
      audio: {
        voice_id: typeof d.voice === "string" ? d.voice : null,
        captions: d.captions !== false,
        music: { track_id: typeof music.track === "string" ? music.track : null, volume },
      },
      brand: null,
      revision: typeof d.revision === "number" ? d.revision : 0,
    };
  },
};

/** The version a raw document declares (1 when it declares none). */
export function compositionVersionOf(raw: unknown): number {
  if (!isObject(raw)) throw new CompositionMigrationError("a composition must be an object");
  const v = raw.schema_version;
  if (v === undefined) return 1;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
    throw new CompositionMigrationError(`schema_version ${JSON.stringify(v)} is not a version`);
  return v;
}

/**
 * Any known shape -> the current one, validated. Keys the current schema
 * does not know (e.g. created_at) are kept out of the result; a document
 * from a newer version than this code knows is refused, not guessed at.
 */
export function migrateComposition(raw: unknown): CompositionBody {
  let version = compositionVersionOf(raw);
  if (version > COMPOSITION_SCHEMA_VERSION) {
    throw new CompositionMigrationError(
      `composition schema_version ${version} is newer than this code (${COMPOSITION_SCHEMA_VERSION})`,
    );
  }
  let doc = raw as Raw;
  while (version < COMPOSITION_SCHEMA_VERSION) {
    const step = STEPS[version];
    if (!step) throw new CompositionMigrationError(`no migration from composition schema_version ${version}`);
    doc = step(doc);
    version++;
  }
  const parsed = compositionBodySchema.safeParse(doc);
  if (!parsed.success) {
    throw new CompositionMigrationError(
      "the composition does not match its schema",
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}
