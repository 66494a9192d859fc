import type { CSSProperties } from "react";

export interface NativeVideoProps {
  src: string;
  poster: string | null;
  captions: string | null;
  /** What the video is, for screen readers (its title). */
  title: string;
  width?: number;
  height?: number;
  className?: string;
  style?: CSSProperties;
  autoPlay?: boolean;
}

/**
 * The finished MP4 in the browser's own <video>: no player code to load,
 * seeking through range requests, captions as a track. Server-safe (no
 * hooks), so the public pages render it without shipping JavaScript.
 */
export function NativeVideo({
  src,
  poster,
  captions,
  title,
  width,
  height,
  className,
  style,
  autoPlay,
}: NativeVideoProps) {
  return (
    <video
      controls
      playsInline
      preload="metadata"
      poster={poster ?? undefined}
      width={width}
      height={height}
      aria-label={title}
      className={className}
      style={style}
      autoPlay={autoPlay}
    >
      <source src={src} type="video/mp4" />
      {captions ? <track kind="captions" src={captions} srcLang="en" label="Captions" default /> : null}
      <a href={src}>Download the video</a>
    </video>
  );
}
