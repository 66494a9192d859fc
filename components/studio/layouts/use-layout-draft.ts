"use client";
/**
 * The layout being edited: the stored layout, the local draft, saving with
 * the revision it was loaded at (a 409 keeps the draft and says someone
 * else changed it; nothing is overwritten), moving stages and reloading.
 * Shared by the slot editor and the animation screen.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import type { LibraryStage } from "@/lib/engine/composition/stages";
import { moveStudioLayout, saveStudioLayout, useStudioLayout } from "@/lib/client/hooks/use-studio-layouts";
import { ApiClientError, type FieldIssue } from "@/lib/client/api";
import type { LayoutView } from "@/lib/studio/layouts/contract";

const bodyOf = (l: LayoutBody): LayoutBody => ({
  name: l.name,
  description: l.description,
  slots: l.slots,
  boxes: l.boxes,
});

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; revision: number }
  | { kind: "conflict"; message: string }
  | { kind: "error"; message: string; issues: readonly FieldIssue[] };

export function useLayoutDraft(id: string) {
  const { data, error, isLoading, mutate } = useStudioLayout(id);
  const [draft, setDraft] = useState<LayoutBody | null>(null);
  const [base, setBase] = useState<LayoutView | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [moving, setMoving] = useState(false);

  // The first load (and an explicit reload) replaces the draft; background revalidation does not.
  useEffect(() => {
    if (data && !base) {
      setBase(data);
      setDraft(bodyOf(data));
    }
  }, [data, base]);

  const dirty = useMemo(
    () => !!draft && !!base && JSON.stringify(draft) !== JSON.stringify(bodyOf(base)),
    [draft, base],
  );

  const saveDraft = useCallback(async () => {
    if (!draft || !base) return;
    setSave({ kind: "saving" });
    try {
      const saved = await saveStudioLayout(id, { revision: base.revision, body: draft });
      setBase(saved);
      setDraft(bodyOf(saved));
      await mutate(saved, { revalidate: false });
      setSave({ kind: "saved", revision: saved.revision });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 409) setSave({ kind: "conflict", message: e.message });
      else
        setSave({
          kind: "error",
          message: e instanceof Error ? e.message : "Could not save.",
          issues: e instanceof ApiClientError ? e.issues : [],
        });
    }
  }, [draft, base, id, mutate]);

  const reload = useCallback(async () => {
    const fresh = await mutate();
    if (fresh) {
      setBase(fresh);
      setDraft(bodyOf(fresh));
      setSave({ kind: "idle" });
    }
  }, [mutate]);

  const moveTo = useCallback(
    async (to: LibraryStage) => {
      if (!base) return;
      setMoving(true);
      try {
        const moved = await moveStudioLayout(id, base.revision, to);
        setBase(moved);
        await mutate(moved, { revalidate: false });
        setSave({ kind: "idle" });
      } catch (e) {
        if (e instanceof ApiClientError && e.status === 409) setSave({ kind: "conflict", message: e.message });
        else
          setSave({
            kind: "error",
            message: e instanceof Error ? e.message : "Could not move the layout.",
            issues: e instanceof ApiClientError ? e.issues : [],
          });
      } finally {
        setMoving(false);
      }
    },
    [base, id, mutate],
  );

  return { layout: base, draft, setDraft, dirty, save, saveDraft, reload, moveTo, moving, error, isLoading };
}
