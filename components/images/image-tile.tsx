import Link from "next/link";
import { ImageOff, LoaderCircle } from "lucide-react";

import type { ImageItem } from "@/lib/media/images/contract";
import { cn } from "@/lib/platform/utils";
import { aspectStyle, imageBox } from "./image-size";

interface ImageTileProps {
  item: ImageItem;
  /** Square crops keep mixed ratios in a tidy grid; the detail page shows the whole image. */
  square?: boolean;
  className?: string;
}

/** A gallery thumbnail linking to the image's page; unfinished or failed images say so. */
export function ImageTile({ item, square = true, className }: ImageTileProps) {
  const ratio = item.settings.aspect_ratio;
  const box = imageBox({ aspectRatio: ratio, width: item.settings.width, height: item.settings.height });
  return (
    <Link
      href={`/image-gen/${encodeURIComponent(item.id)}`}
      className={cn("group relative block overflow-hidden rounded-lg border bg-muted", className)}
      style={square ? { aspectRatio: "1 / 1" } : aspectStyle(ratio)}
    >
      {item.status === "ready" && item.urls ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer.
        <img
          src={item.urls.thumbnail}
          alt={item.settings.prompt || item.title}
          width={box.width}
          height={box.height}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
        />
      ) : (
        <span className="flex size-full flex-col items-center justify-center gap-1.5 p-2 text-center text-xs text-muted-foreground">
          {item.status === "failed" ? (
            <ImageOff aria-hidden="true" className="size-5" />
          ) : (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          )}
          <span>{item.status === "failed" ? "Failed" : "In progress"}</span>
          <span className="sr-only">: {item.settings.prompt}</span>
        </span>
      )}
    </Link>
  );
}

export function ImageGridSkeleton({ count = 8, label = "Loading images" }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="aspect-square animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
      ))}
    </div>
  );
}
