import "server-only";
/**
 * Rendering, server side. `getRenderer()` is the configured driver (local
 * unless Remotion Lambda is configured, see LAMBDA.md); the
 * `renderComposition*` helpers go from stored documents to files.
 */
export { getRenderer, rendererKind, resetRenderer } from "./select";
export { renderCompositionVideo, renderCompositionStills, type CompositionVideoResult } from "./render-composition";
export { prepareRender, type PrepareInput, type PreparedRender, type MusicSource } from "./prepare";
export { createMediaServer, type MediaServer } from "./media-server";
export { ensureBackground, backgroundKey } from "./backgrounds";
export { RenderError, isRenderError, type RenderErrorCode } from "./errors";
export { BUNDLE_COMMAND, bundleDir, requireBundle } from "./bundle";
export type * from "./types";
