import { Clapperboard, Play } from "lucide-react";

interface SocialCardPreviewProps {
  title: string;
  posterUrl: string | null;
  /** The host the link shows ("promptframe.ai"). */
  domain: string;
}

/** Roughly what X/Twitter and Open Graph readers draw for the watch link: the poster with a play mark, the title, the domain. */
export function SocialCardPreview({ title, posterUrl, domain }: SocialCardPreviewProps) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">Social card preview</figcaption>
      <div
        className="max-w-md overflow-hidden rounded-2xl border bg-card shadow-xs"
        role="img"
        aria-label={`Link preview: ${title}, ${domain}`}
      >
        <div className="relative flex aspect-[1.91/1] items-center justify-center bg-black">
          {posterUrl ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element -- signed URL; no optimizer */}
              <img src={posterUrl} alt="" className="size-full object-cover" />
              <span className="absolute flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
                <Play aria-hidden="true" className="size-6 fill-current" />
              </span>
            </>
          ) : (
            <Clapperboard aria-hidden="true" className="size-10 text-white/60" />
          )}
        </div>
        <div className="space-y-0.5 border-t px-3 py-2">
          <p className="text-xs text-muted-foreground">{domain}</p>
          <p className="line-clamp-2 text-sm font-medium">{title}</p>
        </div>
      </div>
    </figure>
  );
}
