"use client";
/**
 * Saving a live layout changes every video and design that uses it, so the
 * slot editor and the animation page both ask first: how many items use it
 * and what the save changes (lib/studio/layouts/changes.ts). A draft or
 * staged layout saves at once.
 */
import { useState } from "react";

import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { layoutChanges } from "@/lib/studio/layouts/changes";
import type { useLayoutDraft } from "./use-layout-draft";

type Draft = ReturnType<typeof useLayoutDraft>;

/** `onSave` for the SaveBar, and the dialog to render beside it. */
export function useLiveSaveConfirm(d: Draft): { onSave(): void; dialog: React.ReactNode } {
  const [confirming, setConfirming] = useState(false);
  const changes = confirming && d.layout && d.draft ? layoutChanges(d.layout, d.draft) : [];
  const onSave = () => (d.layout?.stage === "live" ? setConfirming(true) : void d.saveDraft());
  const dialog = (
    <ConfirmDialog
      open={confirming}
      title="Save changes to a live layout?"
      confirmLabel="Save and update live"
      busy={d.save.kind === "saving"}
      onCancel={() => setConfirming(false)}
      onConfirm={() => {
        setConfirming(false);
        void d.saveDraft();
      }}
    >
      <p>
        This layout is live.{" "}
        <strong data-testid="layout-usage">
          {d.layout?.usage === 1 ? "1 item uses it" : `${d.layout?.usage ?? 0} items use it`}
        </strong>{" "}
        (videos and designs): they show the change the next time they are opened or rendered.
      </p>
      {changes.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5" aria-label="What will change">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </ConfirmDialog>
  );
  return { onSave, dialog };
}
