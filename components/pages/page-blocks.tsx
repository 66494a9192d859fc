import { RichText } from "./rich-text";
import type { PublicBlock } from "@/lib/creation/pages/contract";

const HEADING = {
  1: "text-3xl sm:text-4xl font-semibold tracking-tight",
  2: "text-2xl font-semibold tracking-tight",
  3: "text-xl font-semibold",
} as const;

/**
 * A page's blocks as readers see them. Server-safe (no hooks): the public
 * page renders it with no JavaScript, and the editor's live preview uses the
 * same component, so what the owner previews is what readers get. Videos play
 * in the browser's own <video> with their poster; pictures load lazily after
 * the first.
 */
export function PageBlocks({ blocks, headingOffset = 0 }: { blocks: readonly PublicBlock[]; headingOffset?: 0 | 1 }) {
  let pictures = 0;
  const lazy = () => (pictures++ === 0 ? ("eager" as const) : ("lazy" as const));
  return (
    <div className="space-y-6">
      {blocks.map((b) => {
        switch (b.type) {
          case "heading": {
            const level = Math.min(b.level + headingOffset, 4) as 1 | 2 | 3 | 4;
            const Tag = `h${level}` as "h1" | "h2" | "h3" | "h4";
            return (
              <Tag key={b.id} className={HEADING[Math.min(b.level, 3) as 1 | 2 | 3]}>
                {b.text}
              </Tag>
            );
          }
          case "text":
            return (
              <RichText key={b.id} text={b.text} className="space-y-3 leading-relaxed text-pretty text-foreground/90" />
            );
          case "video":
            return (
              <video
                key={b.id}
                controls
                playsInline
                preload="metadata"
                poster={b.poster ?? undefined}
                aria-label={b.title}
                className="w-full rounded-xl border bg-black"
              >
                <source src={b.src} type="video/mp4" />
                <a href={b.src}>Download the video</a>
              </video>
            );
          case "image":
            return (
              // eslint-disable-next-line @next/next/no-img-element -- the stable URL redirects to a signed one; no optimizer in between
              <img
                key={b.id}
                src={b.picture.src}
                alt={b.picture.alt}
                loading={lazy()}
                className="mx-auto h-auto max-h-[80vh] w-auto rounded-xl border"
              />
            );
          case "gallery":
            return (
              <ul key={b.id} aria-label="Gallery" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {b.pictures.map((p, n) => (
                  <li key={n}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
                    <img
                      src={p.src}
                      alt={p.alt}
                      loading={lazy()}
                      className="aspect-square w-full rounded-lg border object-cover"
                    />
                  </li>
                ))}
              </ul>
            );
          case "button":
            return (
              <p key={b.id} className="flex justify-center">
                <a
                  href={b.url}
                  rel="noopener noreferrer nofollow"
                  className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-6 text-sm font-medium text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {b.label}
                </a>
              </p>
            );
        }
      })}
    </div>
  );
}
