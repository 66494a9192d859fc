/**
 * Which blob keys may appear in a user's composition (video or design): the
 * one rule every write checks (422 on a foreign key, nothing stored) and
 * every signer and renderer applies again (a foreign key is dropped, logged
 * and never signed). Allowed are:
 *
 * - the owner's own files: their images, assets, scene pictures, narration,
 *   renders and copied design media;
 * - the shared sample pictures (lib/engine/composition/starter/samples.ts);
 * - the media of the template version in use (its background picture and
 *   uploaded font files).
 *
 * Ownership is read from the key's folder (`images|assets|videos|designs/<uid>/…`),
 * not from a document, and that is safe because such a key cannot be forged
 * to name someone else's file:
 * - only the server writes under these folders, and every writer builds the
 *   key from the owner's uid (lib/media/images/blob-io.ts, lib/media/assets/assets.ts,
 *   lib/creation/video/media.ts and worker.ts, lib/creation/designs/service.ts and worker.ts);
 *   no request chooses a folder or the uid in it;
 * - every store driver refuses a key with `..`, empty, hidden or absolute
 *   segments before any I/O (lib/platform/storage/keys.ts, checked here too), so
 *   `images/<me>/../<them>/…` is not a key that reaches anyone's file.
 * A key that carries the caller's uid therefore names only a file written
 * for the caller, or nothing at all. Looking up the item's document instead
 * would add a read per key on every sign and render, and would refuse what
 * must keep working: an asset deleted while a video uses it keeps its file
 * for that video (lib/creation/workspace/asset-usage.ts). Keys without a uid folder (samples,
 * template fonts under `studio/`, anything else) are checked by looking up
 * what owns them: the sample list, and the template version in use.
 *
 * Pure and synchronous (no I/O), so the render path can apply it without a
 * database. Browser-safe.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { checkKey } from "@/lib/platform/storage/keys";
import type { CompositionBody } from "./composition-schema";
import { compositionMediaRefs, templateMediaKeys, type CompositionMediaRef } from "./media-keys";
import { SAMPLE_MEDIA } from "./starter/samples";
import type { TemplateVersionBody } from "./template-schema";

/** Folders whose second segment is the uid of the user the server wrote the file for. */
const OWNER_FOLDERS: ReadonlySet<string> = new Set(["images", "assets", "videos", "designs"]);
const SAMPLE_KEYS: ReadonlySet<string> = new Set(Object.values(SAMPLE_MEDIA));

/** Why a key may appear in the composition. */
export type MediaOrigin = "own" | "sample" | "template";

export interface MediaScope {
  /** Whose composition it is: the owner of its content document. */
  ownerId: string;
  /** The template version the composition uses (null when it is missing: then no template media is allowed). */
  template: Pick<TemplateVersionBody, "style"> | null;
}

function wellFormed(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Where `key` may come from in a composition of `scope.ownerId`, or null: it is foreign and may not appear. */
export function mediaOrigin(key: string, scope: MediaScope): MediaOrigin | null {
  if (!wellFormed(key)) return null;
  if (SAMPLE_KEYS.has(key)) return "sample";
  if (scope.template && templateMediaKeys(scope.template).includes(key)) return "template";
  const parts = key.split("/");
  if (parts.length >= 3 && OWNER_FOLDERS.has(parts[0]!) && scope.ownerId !== "" && parts[1] === scope.ownerId)
    return "own";
  return null;
}

/** The fields of the composition that hold a key its owner may not use. */
export function foreignMediaRefs(
  body: Pick<CompositionBody, "scenes" | "brand">,
  scope: MediaScope,
): CompositionMediaRef[] {
  return compositionMediaRefs(body).filter((r) => mediaOrigin(r.key, scope) === null);
}

/**
 * The write-time check: a 422 naming every field that holds a foreign key.
 * `noun` is how the screen calls a scene ("Scene" in a video, "Page" in a design).
 */
export function assertOwnMedia(
  body: Pick<CompositionBody, "scenes" | "brand">,
  scope: MediaScope,
  noun: "Scene" | "Page" = "Scene",
): void {
  const foreign = foreignMediaRefs(body, scope);
  if (foreign.length === 0) return;
  const first = foreign[0]!;
  const message =
    first.scene !== null
      ? `${noun} ${first.scene + 1}: that picture is not one of yours. Pick it from your images or assets.`
      : "The brand kit names a file that is not one of yours. Pick your logo and fonts from your assets.";
  throw new ApiError("unprocessable_entity", message, {
    issues: foreign.map((r) => ({ path: r.path, message: "foreign media" })),
  });
}

/**
 * The sign- and render-time check: the composition with every foreign key
 * taken out (a slot shows nothing, a scene loses its narration audio, the
 * brand its logo or font), each one logged. Returns `body` itself when
 * nothing was foreign.
 */
export function withoutForeignMedia<T extends Pick<CompositionBody, "scenes" | "brand">>(
  body: T,
  scope: MediaScope,
  context: string,
): T {
  const foreign = foreignMediaRefs(body, scope);
  if (foreign.length === 0) return body;
  for (const r of foreign)
    console.warn(
      `[media-access] ${context}: dropped a foreign key from a composition of ${scope.ownerId} at ${r.path}: ${JSON.stringify(r.key)}`,
    );
  const bad = new Set(foreign.map((r) => r.key));
  const scenes = body.scenes.map((scene) => {
    const values = Object.fromEntries(
      Object.entries(scene.values).map(([slot, v]) => {
        if (v.type !== "media") return [slot, v];
        if (bad.has(v.key)) return [slot, { type: "none" as const }];
        if (v.poster_key && bad.has(v.poster_key)) {
          const { poster_key: _dropped, ...rest } = v;
          return [slot, rest];
        }
        return [slot, v];
      }),
    );
    if (scene.voice && bad.has(scene.voice.key)) {
      const { voice: _dropped, ...rest } = scene;
      return { ...rest, values };
    }
    return { ...scene, values };
  });
  let brand = body.brand;
  if (brand) {
    const next = { ...brand };
    if (next.logo_key && bad.has(next.logo_key)) {
      delete next.logo_key;
      delete next.logo_asset_id;
    }
    if (next.fonts) {
      const fonts = { ...next.fonts };
      for (const role of ["heading", "body"] as const) {
        const f = fonts[role];
        if (f?.kind === "asset" && bad.has(f.key)) delete fonts[role];
      }
      next.fonts = fonts;
    }
    brand = next;
  }
  return { ...body, scenes, brand };
}

/**
 * For signers of a single stored key (public media routes, presenters): true
 * when `key` may be served for content of `scope.ownerId`; otherwise false,
 * logged.
 */
export function mayServe(key: string, scope: MediaScope, context: string): boolean {
  if (mediaOrigin(key, scope) !== null) return true;
  console.warn(
    `[media-access] ${context}: refused to sign a foreign key on content of ${scope.ownerId}: ${JSON.stringify(key)}`,
  );
  return false;
}
