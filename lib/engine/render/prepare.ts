import "server-only";
/**
 * From stored documents to RenderProps a driver can render: draws (or
 * reuses) the background picture, makes every blob reachable by the
 * renderer (a loopback media server for local files rendered locally,
 * signed URLs otherwise) and resolves the props. `close()` when done.
 * A key the owner may not use (lib/engine/composition/media-access.ts) is dropped
 * first, and logged: it is never served to the renderer, so it cannot end
 * up in the file.
 */
import type { CompositionBody } from "../composition/composition-schema";
import { brandedTemplate } from "../composition/brand";
import { withoutForeignMedia } from "../composition/media-access";
import { collectMediaKeys } from "../composition/media-keys";
import { canvasSize, type CanvasSize, type RenderQuality } from "../composition/ratios";
import type { RenderProps } from "../composition/render-props";
import { resolveRenderPropsDetailed, type ResolveWarning } from "../composition/resolve";
import type { TemplateVersionBody } from "../composition/template-schema";
import type { BlobStore } from "@/lib/platform/storage/types";
import { ensureBackground } from "./backgrounds";
import { RenderError } from "./errors";
import { createMediaServer } from "./media-server";

/** A music track: a blob key, or a URL the renderer can fetch; its length lets it loop. */
export type MusicSource = { key: string; durationMs?: number | null } | { url: string; durationMs?: number | null };

export interface PrepareInput {
  composition: CompositionBody;
  /** Whose render it is (the content's owner); defaults to the composition's `owner_id`. */
  ownerId?: string;
  templateVersion: TemplateVersionBody;
  store: BlobStore;
  /** Who renders: local media can be served on loopback only to a local renderer. */
  driver: "local" | "lambda";
  size?: RenderQuality | CanvasSize;
  fps?: number;
  music?: MusicSource | null;
  watermark?: string | null;
  /** Signed-URL lifetime (default 6 h). */
  urlTtlSeconds?: number;
}

export interface PreparedRender {
  props: RenderProps;
  warnings: ResolveWarning[];
  close(): Promise<void>;
}

export async function prepareRender(input: PrepareInput): Promise<PreparedRender> {
  const composition = withoutForeignMedia(
    input.composition,
    { ownerId: input.ownerId ?? input.composition.owner_id, template: input.templateVersion },
    "render",
  );
  const size =
    typeof input.size === "object" ? input.size : canvasSize(composition.aspect_ratio, input.size ?? "1080p");
  // The background as drawn: the brand's colours when the composition applies its brand kit.
  const bgKey = await ensureBackground({
    background: brandedTemplate(input.templateVersion, composition).style.background,
    size,
    store: input.store,
  });
  const keys = collectMediaKeys(composition, input.templateVersion);
  if (bgKey) keys.push(bgKey);
  if (input.music && "key" in input.music) keys.push(input.music.key);

  let urlFor: (key: string) => string;
  let close = async () => undefined as void;
  if (input.store.kind === "local" && input.driver === "local") {
    const server = await createMediaServer(input.store, { expiresInSeconds: input.urlTtlSeconds });
    urlFor = (k) => server.url(k);
    close = () => server.close();
  } else {
    const base = process.env.REMOTION_MEDIA_BASE_URL;
    const ttl = input.urlTtlSeconds ?? 6 * 3600;
    const signed = new Map<string, string>();
    for (const k of keys) {
      const url = await input.store.signedUrl(k, { expiresInSeconds: ttl });
      if (!/^https?:\/\//.test(url)) {
        if (!base) {
          throw new RenderError(
            "lambda-not-configured",
            `blob URLs like ${url} are only reachable inside this app: use Cloud Storage (STORAGE_DRIVER=gcs) for Lambda renders, or set REMOTION_MEDIA_BASE_URL to the app's public address`,
            { retryable: false },
          );
        }
        signed.set(k, new URL(url, base).toString());
      } else signed.set(k, url);
    }
    urlFor = (k) => {
      const u = signed.get(k);
      if (!u) throw new RenderError("media-unavailable", `no signed URL for ${k}`);
      return u;
    };
  }

  try {
    const { props, warnings } = resolveRenderPropsDetailed({
      composition,
      templateVersion: input.templateVersion,
      mediaUrl: urlFor,
      size,
      fps: input.fps,
      backgroundUrl: bgKey ? urlFor(bgKey) : null,
      music: input.music
        ? {
            src: "key" in input.music ? urlFor(input.music.key) : input.music.url,
            durationMs: input.music.durationMs ?? null,
          }
        : null,
      watermark: input.watermark ?? null,
    });
    return { props, warnings, close };
  } catch (err) {
    await close();
    if (err instanceof RenderError) throw err;
    throw new RenderError("invalid-props", err instanceof Error ? err.message : String(err), {
      cause: err,
      retryable: false,
    });
  }
}
