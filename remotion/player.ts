/**
 * What a Next.js client component needs to show a composition in
 * @remotion/player: the component, its props type and the length.
 *
 *   "use client";
 *   import { Player } from "@remotion/player";
 *   import { VideoComposition, videoDurationInFrames } from "@/remotion/player";
 *   <Player component={VideoComposition} inputProps={props} durationInFrames={videoDurationInFrames(props)}
 *           fps={props.fps} compositionWidth={props.width} compositionHeight={props.height} controls />
 *
 * `props` come from resolveRenderProps (lib/engine/composition/resolve.ts) with the
 * blob URLs the API signed; leave `backgroundUrl` out in the browser.
 * Fonts load from /fonts (public/, filled by `npm run remotion:bundle`).
 */
export { VideoComposition, type VideoCompositionProps } from "./video";
export { StillComposition, type StillCompositionProps } from "./still";
export { stillFrameOf, frameSignature } from "./frame-state";
export { CaptionPresetSwatch } from "./caption-presets";
export { videoDurationInFrames, type RenderProps } from "@/lib/engine/composition/render-props";
