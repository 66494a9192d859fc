"use client";

import { useEffect } from "react";
import Link from "next/link";
import { ImageOff } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import type { AspectRatio } from "@/lib/media/images/schema";
import { isImageSettled, useImage } from "@/lib/client/hooks/use-image";
import { aspectStyle, imageBox } from "./image-size";

const IMAGE_POLL_MS = 1000;

interface ResultTileProps {
  id: string;
  index: number;
  aspectRatio: AspectRatio;
  /** Once the job has settled, one last fetch picks up the image's final state. */
  jobSettled: boolean;
}

/** One image of a running job: a skeleton until its file is ready, then the thumbnail linking to it. */
export function ResultTile({ id, index, aspectRatio, jobSettled }: ResultTileProps) {
  const { data: item, mutate } = useImage(id, { poll: jobSettled ? undefined : IMAGE_POLL_MS });
  const settled = item ? isImageSettled(item) : false;

  useEffect(() => {
    if (jobSettled && !settled) void mutate();
  }, [jobSettled, settled, mutate]);

  const ratio = item?.settings.aspect_ratio ?? aspectRatio;
  if (item?.status === "ready" && item.urls) {
    const box = imageBox({ aspectRatio: ratio, width: item.settings.width, height: item.settings.height });
    return (
      <Link
        href={`/image-gen/${encodeURIComponent(id)}`}
        className="group block overflow-hidden rounded-lg border bg-muted"
        style={aspectStyle(ratio)}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
        <img
          src={item.urls.thumbnail}
          alt={`Open image ${index + 1}: ${item.settings.prompt}`}
          width={box.width}
          height={box.height}
          className="size-full object-cover transition-transform group-hover:scale-[1.02] motion-reduce:group-hover:scale-100"
        />
      </Link>
    );
  }
  if (item?.status === "failed") {
    return (
      <div
        className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-3 text-center text-xs text-muted-foreground"
        style={aspectStyle(ratio)}
      >
        <ImageOff aria-hidden="true" className="size-5" />
        <span>
          Image {index + 1} failed{item.error ? `: ${item.error}` : ""}
        </span>
      </div>
    );
  }
  return (
    <div className="relative" style={aspectStyle(ratio)}>
      <Skeleton className="absolute inset-0 rounded-lg" />
      <span className="absolute inset-x-0 bottom-2 text-center text-xs text-muted-foreground">Image {index + 1}</span>
    </div>
  );
}
