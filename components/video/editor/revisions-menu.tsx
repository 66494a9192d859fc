"use client";

import { useEffect, useId, useRef, useState } from "react";
import { History } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useRevisions } from "@/lib/client/hooks/use-videos";
import { formatDate } from "@/components/common/format";

interface RevisionsMenuProps {
  videoId: string;
  current: number;
  disabled: boolean;
  onRestore(revision: number): Promise<unknown>;
}

/** Saved versions of the storyboard, newest first; restoring one makes it the newest. */
export function RevisionsMenu({ videoId, current, disabled, onRestore }: RevisionsMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revisions = useRevisions(open ? videoId : null);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Fresh list each time it opens (every autosave adds one).
  const reload = revisions.mutate;
  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const restore = async (revision: number) => {
    setBusy(revision);
    setError(null);
    try {
      await onRestore(revision);
      setOpen(false);
      button.current?.focus();
    } catch (e) {
      setError(e instanceof Error ? e.message : "That version could not be restored.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
      >
        <History />
        Revisions
      </Button>
      {open ? (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="region"
          aria-label="Revisions"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setOpen(false);
              button.current?.focus();
            }
          }}
          className="absolute right-0 z-30 mt-2 w-80 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg"
        >
          {revisions.isLoading && !revisions.data ? (
            <div className="flex justify-center p-4">
              <Spinner size="sm" label="Loading revisions" />
            </div>
          ) : revisions.error ? (
            <p role="alert" className="p-2 text-sm text-destructive">
              {revisions.error.message}
            </p>
          ) : (
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {(revisions.data ?? [])
                .slice()
                .sort((a, b) => b.revision - a.revision)
                .map((r) => (
                  <li key={r.revision} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted">
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="truncate font-medium">
                        Revision {r.revision}
                        {r.revision === current ? (
                          <span className="font-normal text-muted-foreground"> (current)</span>
                        ) : null}
                      </p>
                      <p className="truncate text-xs text-muted-foreground">
                        {formatDate(r.saved_at)} · {r.scenes} scene{r.scenes === 1 ? "" : "s"}
                        {r.rendered ? " · rendered" : ""}
                      </p>
                    </div>
                    {r.revision !== current ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        disabled={busy !== null}
                        aria-busy={busy === r.revision || undefined}
                        aria-label={`Restore revision ${r.revision}`}
                        onClick={() => void restore(r.revision)}
                      >
                        Restore
                      </Button>
                    ) : null}
                  </li>
                ))}
            </ul>
          )}
          {error ? (
            <p role="alert" className="p-2 text-xs text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
