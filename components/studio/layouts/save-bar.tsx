"use client";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { STAGE_TRANSITIONS, stageActionLabel } from "@/lib/engine/composition/stages";
import type { LayoutView } from "@/lib/studio/layouts/contract";
import { StageBadge } from "@/components/studio/stage-badge";
import type { SaveState } from "./use-layout-draft";

interface Props {
  layout: LayoutView;
  dirty: boolean;
  blocked: string | null;
  save: SaveState;
  moving: boolean;
  onSave: () => void;
  onReload: () => void;
  onMove: (to: LayoutView["stage"]) => void;
}

/** Save (with what blocks it), the stage actions, and the outcome of the last write. */
export function SaveBar({ layout, dirty, blocked, save, moving, onSave, onReload, onMove }: Props) {
  const inQueue = layout.generation && layout.generation.status !== "accepted";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <StageBadge stage={layout.stage} />
        <span className="text-sm text-muted-foreground">
          v{layout.version} · revision {layout.revision}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            onClick={onSave}
            disabled={!dirty || !!blocked || save.kind === "saving"}
            title={blocked ?? undefined}
          >
            {save.kind === "saving" ? "Saving…" : dirty ? "Save" : "Saved"}
          </Button>
          {inQueue
            ? null
            : STAGE_TRANSITIONS[layout.stage].map((to) => (
                <Button
                  key={to}
                  variant={to === "live" ? "default" : "outline"}
                  disabled={dirty || moving}
                  title={dirty ? "Save your changes first" : undefined}
                  onClick={() => onMove(to)}
                >
                  {stageActionLabel(layout.stage, to)}
                </Button>
              ))}
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {blocked && dirty ? <p className="text-destructive">Cannot save yet: {blocked}</p> : null}
        {save.kind === "saved" ? <p className="text-muted-foreground">Saved as revision {save.revision}.</p> : null}
        {inQueue ? (
          <p className="text-muted-foreground">
            This generated layout is waiting in the{" "}
            <Link className="underline" href={`/generated-layouts/${layout.id}`}>
              review queue
            </Link>
            ; approve it there to move it through the pipeline.
          </p>
        ) : null}
      </div>
      {save.kind === "conflict" ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Someone else changed this layout</AlertTitle>
          <AlertDescription>
            <p>{save.message}</p>
            <p>
              Your edits are still on screen and nothing was overwritten. Reload to get the latest version (your unsaved
              edits will be replaced).
            </p>
            <Button size="sm" variant="outline" className="mt-2" onClick={onReload}>
              Reload the layout
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {save.kind === "error" ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            <p>{save.message}</p>
            {save.issues.length ? (
              <ul className="list-disc pl-5">
                {save.issues.map((i, n) => (
                  <li key={n}>{i.message}</li>
                ))}
              </ul>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
