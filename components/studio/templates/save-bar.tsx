"use client";
import { Save, Undo2 } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Save / reset of an editor, with the last save's outcome. */
export function SaveBar({
  dirty,
  saving,
  error,
  savedAt,
  onSave,
  onReset,
  draftVersion,
}: {
  dirty: boolean;
  saving: boolean;
  error: string | null;
  savedAt: number | null;
  onSave(): void;
  onReset(): void;
  draftVersion: number;
}) {
  return (
    <div className="sticky top-0 z-10 space-y-2 border-b bg-background/95 py-3 backdrop-blur">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={onSave} disabled={!dirty || saving} aria-busy={saving || undefined}>
          <Save /> {saving ? "Saving…" : `Save to draft v${draftVersion}`}
        </Button>
        <Button type="button" variant="outline" onClick={onReset} disabled={!dirty || saving}>
          <Undo2 /> Reset
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {dirty
            ? "Unsaved changes: the previews show them already."
            : savedAt
              ? "Saved to the draft. Publish it on the template's overview."
              : "Changes preview live; save them to the draft."}
        </p>
      </div>
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
