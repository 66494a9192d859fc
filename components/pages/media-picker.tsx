"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Check, Clapperboard, ImageOff } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useWorkspace } from "@/lib/client/hooks/use-workspace";
import { cn } from "@/lib/platform/utils";
import type { WorkspaceItem } from "@/lib/creation/workspace/contract";

interface MediaPickerProps {
  open: boolean;
  /** Videos for a video block; images and designs for pictures. */
  want: "video" | "picture";
  /** A gallery picks several. */
  multiple?: boolean;
  onPick(items: WorkspaceItem[]): void;
  onClose(): void;
}

/**
 * Picks from my finished videos, or my images and designs, as thumbnails. A
 * native modal <dialog>: the browser traps focus, closes on Escape and
 * returns focus to the opener.
 */
export function MediaPicker({ open, want, multiple, onPick, onClose }: MediaPickerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState<WorkspaceItem[]>([]);
  const ws = useWorkspace({
    kinds: want === "video" ? ["video"] : ["image", "design"],
    statuses: ["ready"],
    q: "",
    sort: "newest",
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setChosen([]);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const noun = want === "video" ? "video" : "picture";
  const choose = (item: WorkspaceItem) => {
    if (!multiple) {
      onPick([item]);
      return;
    }
    setChosen((prev) => (prev.some((p) => p.id === item.id) ? prev.filter((p) => p.id !== item.id) : [...prev, item]));
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/40"
    >
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          {multiple ? "Pick pictures" : `Pick a ${noun}`}
        </h2>
        <p className="text-sm text-muted-foreground">
          {want === "video" ? "Your rendered videos." : "Your finished images and designs."}
        </p>
        {ws.error ? (
          <p role="alert" className="text-sm text-destructive">
            {ws.error.message}
          </p>
        ) : ws.isLoading ? (
          <div role="status" aria-busy="true" className="grid grid-cols-3 gap-3">
            <span className="sr-only">Loading</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-video rounded-lg" />
            ))}
          </div>
        ) : ws.items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {want === "video" ? "You have no rendered videos yet." : "You have no finished images or designs yet."}
          </p>
        ) : (
          <ul className="grid max-h-[55vh] grid-cols-2 gap-3 overflow-auto p-1 sm:grid-cols-3">
            {ws.items.map((item) => {
              const on = chosen.some((c) => c.id === item.id);
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-pressed={multiple ? on : undefined}
                    onClick={() => choose(item)}
                    className={cn(
                      "group w-full overflow-hidden rounded-lg border text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                      on && "ring-2 ring-primary",
                    )}
                  >
                    <span className="relative flex aspect-video items-center justify-center bg-muted">
                      {item.thumbnail_url ? (
                        // eslint-disable-next-line @next/next/no-img-element -- signed URL
                        <img src={item.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
                      ) : want === "video" ? (
                        <Clapperboard aria-hidden="true" className="size-6 text-muted-foreground" />
                      ) : (
                        <ImageOff aria-hidden="true" className="size-6 text-muted-foreground" />
                      )}
                      {on ? (
                        <span className="absolute top-1.5 right-1.5 rounded-full bg-primary p-0.5 text-primary-foreground">
                          <Check aria-hidden="true" className="size-3.5" />
                        </span>
                      ) : null}
                    </span>
                    <span className="block truncate px-2 py-1.5 text-xs font-medium">{item.title || "Untitled"}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {multiple ? (
            <Button disabled={chosen.length === 0} onClick={() => onPick(chosen)}>
              Add {chosen.length || ""} picture{chosen.length === 1 ? "" : "s"}
            </Button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
