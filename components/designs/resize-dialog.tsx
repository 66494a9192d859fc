"use client";

import { useEffect, useId, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { RATIO_NAMES } from "@/components/common/format";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import type { DesignLayoutOption } from "@/lib/creation/designs/contract";
import { DESIGN_SIZE_NAMES } from "@/lib/creation/designs/size-title";
import { LayoutThumb } from "./layout-thumb";

interface ResizeDialogProps {
  open: boolean;
  current: CompositionRatio;
  /** Sizes the resize set already has (marked). */
  existing: readonly CompositionRatio[];
  /** The first page's layout, drawn at each size. */
  layout: Pick<DesignLayoutOption, "slots" | "boxes" | "name"> | null;
  colors: { background: string; accent: string; text: string };
  onResize(ratios: CompositionRatio[]): Promise<unknown>;
  onClose(): void;
}

/** Canva-style Resize: tick the other sizes (none is ticked at first), get one new design per size, named by it. */
export function ResizeDialog({ open, current, existing, layout, colors, onResize, onClose }: ResizeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const others = COMPOSITION_RATIOS.filter((r) => r !== current);
  const [picked, setPicked] = useState<CompositionRatio[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Nothing pre-ticked: each ticked size is a new design, made only when asked for.
      setPicked([]);
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when it opens
  }, [open]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onResize(picked);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/40"
    >
      <form
        className="space-y-4 p-6"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          Resize
        </h2>
        <p className="text-sm text-muted-foreground">
          Each size you tick becomes a new design with the same pages, laid out for that size and named by it (for
          example “{DESIGN_SIZE_NAMES["9:16"]} 9:16”). This one stays as it is.
        </p>
        <fieldset className="grid grid-cols-3 gap-3">
          <legend className="sr-only">Sizes to make</legend>
          {others.map((r) => (
            <label
              key={r}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-2 text-center text-xs has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <span className="flex h-24 items-center justify-center">
                {layout ? (
                  <LayoutThumb
                    layout={layout}
                    ratio={r}
                    colors={colors}
                    className="max-h-24 max-w-full rounded border"
                  />
                ) : null}
              </span>
              <span className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={picked.includes(r)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, r] : p.filter((x) => x !== r)))}
                  aria-label={`${r} ${RATIO_NAMES[r]}`}
                />
                <span>
                  {r} {DESIGN_SIZE_NAMES[r]}
                </span>
              </span>
              {existing.includes(r) ? <span className="text-muted-foreground">Already made</span> : null}
            </label>
          ))}
        </fieldset>
        {error ? <ActionErrorPanel error={error} action="The sizes were not made" /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || picked.length === 0} aria-busy={busy || undefined}>
            {picked.length > 1 ? `Make ${picked.length} sizes` : picked.length === 1 ? "Make this size" : "Tick a size"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
