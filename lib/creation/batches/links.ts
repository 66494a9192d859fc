import "server-only";
/**
 * The one file that wires the links domain into bulk rows (link rows and rows
 * with an image URL): the page is read through the URL guard and the video is
 * made with its product, exactly as on `/url-to-video`.
 */
import { extractPage } from "@/lib/creation/links/extract";
import { createProductVideo } from "@/lib/creation/links/product-video";
import type { BatchLinks } from "./worker";

export function batchLinks(): BatchLinks {
  return {
    extractPage: (url, opts) => extractPage(url, { signal: opts?.signal }),
    createProductVideo: (deps, uid, input, opts) => createProductVideo(deps, uid, input, opts),
  };
}
