"use client";

import * as React from "react";

import { cn } from "@/lib/platform/utils";

interface AvatarProps {
  /** Full name or email; used for the initials and the image's alt text. */
  name: string;
  src?: string | null;
  className?: string;
  /** When the name is already shown next to the avatar, the image adds nothing for screen readers. */
  decorative?: boolean;
}

/** Up to two initials: "Ada Lovelace" -> "AL", "ada@x.io" -> "A". */
export function initialsOf(name: string): string {
  const base = name.includes("@") ? name.slice(0, name.indexOf("@")) : name;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => w[0]!.toUpperCase()).join("") || "?";
}

export function Avatar({ name, src, className, decorative = false }: AvatarProps) {
  // A broken photo URL falls back to initials instead of a broken-image icon.
  const [failedSrc, setFailedSrc] = React.useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;

  return (
    <span
      data-slot="avatar"
      className={cn(
        "relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-xs font-semibold text-accent-foreground select-none",
        className,
      )}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
    >
      {showImage ? (
        // eslint-disable-next-line @next/next/no-img-element -- provider photo URLs are arbitrary hosts; next/image would need each one allow-listed.
        <img
          src={src!}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
