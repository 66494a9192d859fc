"use client";
/**
 * The design editor's state: a local draft (title, template, pages),
 * autosaved with the revision it was edited on (a debounced PATCH; a 409
 * on a stale revision stops saving and asks for a reload), and the calls
 * that write through the server (page pictures, export), run one at a time
 * so each sends the revision the previous one produced.
 */
import { useCallback, useEffect, useRef } from "react";

import { useAutosaveDraft, type SaveStatus } from "@/components/common/use-autosave-draft";
import {
  editDesign,
  exportDesign,
  isExporting,
  setDesignImage,
  useDesign,
  useDesignPlayer,
} from "@/lib/client/hooks/use-designs";
import type { DesignView, ExportDesignInput } from "@/lib/creation/designs/contract";
import type { SceneImageInput } from "@/lib/creation/video/contract";
import { stripVoice, type DraftScene } from "@/components/video/editor/editor-model";
import type { ImagePick } from "@/components/video/editor/scene-image-panel";

export const DESIGN_AUTOSAVE_MS = 700;

export interface DesignDraft {
  title: string;
  template_id: string;
  scenes: DraftScene[];
}

export type DesignSaveStatus = SaveStatus;

export function designDraftOf(view: Pick<DesignView, "composition">): DesignDraft {
  return {
    title: view.composition.title,
    template_id: view.composition.template.id,
    scenes: view.composition.scenes.map(stripVoice),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH fields that turn `saved` into `draft`, or null. An empty title is not sent. */
export function designPatch(
  draft: DesignDraft,
  saved: DesignDraft,
): { title?: string; template_id?: string; scenes?: DraftScene[] } | null {
  const patch: { title?: string; template_id?: string; scenes?: DraftScene[] } = {};
  const title = draft.title.trim();
  if (title && title !== saved.title) patch.title = title;
  if (draft.template_id !== saved.template_id) patch.template_id = draft.template_id;
  // With a template switch the server moves these pages onto the new template's layouts.
  if (!same(draft.scenes, saved.scenes)) patch.scenes = draft.scenes;
  return Object.keys(patch).length ? patch : null;
}

export function useDesignDraft(id: string) {
  const design = useDesign(id);
  const player = useDesignPlayer(id);
  const mutateDesign = design.mutate;
  const mutatePlayer = player.mutate;
  const exporting = design.data ? isExporting(design.data) : false;

  const autosave = useAutosaveDraft<DesignDraft, NonNullable<ReturnType<typeof designPatch>>>({
    diff: designPatch,
    // adopt is declared below; the save runs after this render, when it is.
    write: async (d, patch, revision): Promise<void> => {
      adopt(await editDesign(id, { revision, ...patch }), d);
    },
    delayMs: DESIGN_AUTOSAVE_MS,
    readOnly: exporting,
    onBusyElsewhere: () => void mutateDesign(),
  });
  const { draft, draftRef, status, setDraft, adoptStored, exclusive, save, readOnlyRef, revisionRef } = autosave;
  const resetTo = autosave.reset;

  const reset = useCallback((view: DesignView) => resetTo(designDraftOf(view), view.revision), [resetTo]);

  // The first answer sets the draft; later polls (an export's progress) leave it alone.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (design.data && loadedFor.current !== design.data.id) {
      loadedFor.current = design.data.id;
      reset(design.data);
    }
  }, [design.data, reset]);

  const adopt = useCallback(
    (view: DesignView, sent: DesignDraft | null) => {
      const server = designDraftOf(view);
      adoptStored(server, view.revision);
      // No edit since the save left: show what the server stored (a template switch re-lays pages out).
      if (draftRef.current === sent || sent === null)
        setDraft(
          draftRef.current?.title.trim() ? server : { ...server, title: draftRef.current?.title ?? server.title },
        );
      void mutateDesign(view, { revalidate: false });
      void mutatePlayer();
    },
    [adoptStored, draftRef, mutateDesign, mutatePlayer, setDraft],
  );

  const edit = useCallback(
    (change: (d: DesignDraft) => DesignDraft) => {
      const cur = draftRef.current;
      if (!cur || readOnlyRef.current) return;
      const next = change(cur);
      if (next !== cur) setDraft(next);
    },
    [draftRef, readOnlyRef, setDraft],
  );

  const reload = useCallback(async () => {
    const view = await mutateDesign();
    if (view) {
      reset(view);
      void mutatePlayer();
    }
  }, [mutateDesign, mutatePlayer, reset]);

  const setImage = useCallback(
    async (sceneId: string, input: ImagePick) => {
      if (!(await save())) throw new Error("Save your edits first: the last save did not go through.");
      return exclusive(async () => {
        const view = await setDesignImage(id, sceneId, { ...input, revision: revisionRef.current } as SceneImageInput);
        adopt(view, null);
        return view;
      });
    },
    [adopt, exclusive, id, revisionRef, save],
  );

  /** Saves, then queues the export (402 when short of credits). */
  const startExport = useCallback(
    async (input: ExportDesignInput) => {
      if (!(await save()))
        throw new Error("Your latest edits are not saved yet; fix what the editor says, then export.");
      return exclusive(async () => {
        const view = await exportDesign(id, input);
        await mutateDesign(view, { revalidate: false });
        return view;
      });
    },
    [exclusive, id, mutateDesign, save],
  );

  return { design, player, draft, status, readOnly: exporting, edit, save, reload, setImage, startExport };
}
