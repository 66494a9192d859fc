"use client";

import { useState } from "react";
import { Heart } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { LikeState } from "@/lib/media/images/contract";
import { setLiked, toggledLike } from "@/lib/client/hooks/use-image";
import { cn } from "@/lib/platform/utils";

interface LikeButtonProps {
  item: { id: string } & LikeState;
  /** Called with the optimistic state at once, then with the server's answer (or the old state on failure). */
  onChange(state: LikeState): void;
  size?: "sm" | "default";
}

/** Like/Unlike with the count; optimistic, rolled back with a message when the call fails. */
export function LikeButton({ item, onChange, size = "default" }: LikeButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const before: LikeState = { likes: item.likes, liked_by_me: item.liked_by_me };

  const toggle = async () => {
    if (busy) return;
    const next = toggledLike(before);
    setBusy(true);
    setError(null);
    onChange(next);
    try {
      onChange(await setLiked(item.id, next.liked_by_me));
    } catch (e) {
      onChange(before);
      setError(e instanceof Error ? e.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="outline"
        size={size}
        aria-pressed={item.liked_by_me}
        aria-label={item.liked_by_me ? "Unlike" : "Like"}
        onClick={() => void toggle()}
      >
        <Heart aria-hidden="true" className={cn(item.liked_by_me && "fill-destructive text-destructive")} />
        <span aria-hidden="true" className="tabular-nums">
          {item.likes}
        </span>
      </Button>
      <span className="sr-only" role="status">
        {`${item.likes} like${item.likes === 1 ? "" : "s"}`}
      </span>
      {error ? (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </span>
  );
}
