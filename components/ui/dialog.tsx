"use client";

import * as React from "react";
import { X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";

interface DialogProps {
  open: boolean;
  /** Escape, the close button and the backdrop's Escape all call this (not while `busy`). */
  onClose(): void;
  title: React.ReactNode;
  /** One line under the title saying what will happen (read with the title by screen readers). */
  description?: React.ReactNode;
  children: React.ReactNode;
  /** The actions: always visible at the bottom, whatever the body's length. */
  footer: React.ReactNode;
  busy?: boolean;
  /** Widest the dialog grows on a large screen. */
  width?: "sm" | "md" | "lg";
  className?: string;
}

const WIDTHS = { sm: "sm:w-[28rem]", md: "sm:w-[36rem]", lg: "sm:w-[48rem]" } as const;

/**
 * A modal on the native <dialog> (the browser traps focus, closes on Escape and gives focus back to the opener):
 * centred (`m-auto`, which Tailwind's reset would otherwise drop to the top-left corner), never taller or wider than
 * the viewport, the body scrolling inside while the title and the actions stay in view.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  busy = false,
  width = "md",
  className,
}: DialogProps) {
  const ref = React.useRef<HTMLDialogElement>(null);
  const id = React.useId();

  React.useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className={cn(
        "m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/50",
        WIDTHS[width],
        className,
      )}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
          <div className="flex shrink-0 items-start justify-between gap-3 border-b px-4 py-3 sm:px-6 sm:py-4">
            <div className="min-w-0 space-y-1">
              <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
              {description ? (
                <p id={`${id}-description`} className="text-sm text-muted-foreground">
                  {description}
                </p>
              ) : null}
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label="Close" disabled={busy} onClick={onClose}>
              <X />
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          <div
            data-slot="dialog-footer"
            className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t px-4 py-3 sm:px-6"
          >
            {footer}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
