"use client";
/**
 * The design editor's state: a local draft (title, template, pages),
 * autosaved with the revision it was edited on (a debounced PATCH; a 409
 * on a stale revision stops saving and asks for a reload), and the calls
 * that write through the server (page pictures, export), run one at a time
 * so each sends the revision the previous one produced.
 */
import { useCallback, useEffect, useRef, useState } from "react";

import { conflictReason } from "@/lib/hooks/video-api";
import { editDesign, exportDesign, isExporting, setDesignImage, useDesign, useDesignPlayer } from "@/lib/hooks/use-designs";
import type { DesignView, ExportDesignInput } from "@/lib/designs/contract";
import type { SceneImageInput } from "@/lib/video/contract";
import { stripVoice, type DraftScene } from "@/components/video/editor/editor-model";

export const DESIGN_AUTOSAVE_MS = 700;

export interface DesignDraft {
  title: string;
  template_id: string;
  scenes: DraftScene[];
}

export type DesignSaveStatus = { kind: "idle" } | { kind: "dirty" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; error: unknown } | { kind: "conflict" };

export function designDraftOf(view: Pick<DesignView, "composition">): DesignDraft {
  return { title: view.composition.title, template_id: view.composition.template.id, scenes: view.composition.scenes.map(stripVoice) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH fields that turn `saved` into `draft`, or null. An empty title is not sent. */
export function designPatch(draft: DesignDraft, saved: DesignDraft): { title?: string; template_id?: string; scenes?: DraftScene[] } | null {
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
  const [draft, setDraftState] = useState<DesignDraft | null>(null);
  const [status, setStatus] = useState<DesignSaveStatus>({ kind: "idle" });
  const draftRef = useRef<DesignDraft | null>(null);
  const savedRef = useRef<DesignDraft | null>(null);
  const revisionRef = useRef(0);
  const conflictRef = useRef(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const exporting = design.data ? isExporting(design.data) : false;
  const readOnlyRef = useRef(exporting);
  // The latest value for callbacks, kept after each commit (not written during render).
  useEffect(() => {
    readOnlyRef.current = exporting;
  });

  const setDraft = useCallback((d: DesignDraft) => {
    draftRef.current = d;
    setDraftState(d);
  }, []);

  const reset = useCallback(
    (view: DesignView) => {
      const d = designDraftOf(view);
      savedRef.current = d;
      revisionRef.current = view.revision;
      conflictRef.current = false;
      setDraft(d);
      setStatus({ kind: "idle" });
    },
    [setDraft],
  );

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
      revisionRef.current = view.revision;
      const server = designDraftOf(view);
      savedRef.current = server;
      // No edit since the save left: show what the server stored (a template switch re-lays pages out).
      if (draftRef.current === sent || sent === null) setDraft(draftRef.current?.title.trim() ? server : { ...server, title: draftRef.current?.title ?? server.title });
      void mutateDesign(view, { revalidate: false });
      void mutatePlayer();
    },
    [mutateDesign, mutatePlayer, setDraft],
  );

  const exclusive = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(task, task);
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      if (conflictReason(error) === "revision") {
        conflictRef.current = true;
        setStatus({ kind: "conflict" });
        return;
      }
      setStatus({ kind: "error", error });
      if (conflictReason(error) === "rendering") void mutateDesign();
    },
    [mutateDesign],
  );

  const save = useCallback(
    () =>
      exclusive(async () => {
        const d = draftRef.current;
        const s = savedRef.current;
        if (!d || !s) return true;
        const patch = designPatch(d, s);
        if (!patch) return true;
        if (conflictRef.current || readOnlyRef.current) return false;
        setStatus({ kind: "saving" });
        try {
          const view = await editDesign(id, { revision: revisionRef.current, ...patch });
          adopt(view, d);
          setStatus({ kind: "saved" });
          return true;
        } catch (error) {
          failed(error);
          return false;
        }
      }),
    [adopt, exclusive, failed, id],
  );

  const conflict = status.kind === "conflict";
  useEffect(() => {
    if (!draft || exporting || conflict || !savedRef.current) return;
    if (!designPatch(draft, savedRef.current)) return;
    setStatus((s) => (s.kind === "saving" ? s : { kind: "dirty" }));
    const timer = setTimeout(() => void save(), DESIGN_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, exporting, conflict, save]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const d = draftRef.current;
      const s = savedRef.current;
      if (d && s && designPatch(d, s)) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const edit = useCallback(
    (change: (d: DesignDraft) => DesignDraft) => {
      const cur = draftRef.current;
      if (!cur || readOnlyRef.current) return;
      const next = change(cur);
      if (next !== cur) setDraft(next);
    },
    [setDraft],
  );

  const reload = useCallback(async () => {
    const view = await mutateDesign();
    if (view) {
      reset(view);
      void mutatePlayer();
    }
  }, [mutateDesign, mutatePlayer, reset]);

  const setImage = useCallback(
    async (sceneId: string, input: { source: "generate"; prompt: string } | { source: "content" | "asset"; id: string }) => {
      if (!(await save())) throw new Error("Save your edits first: the last save did not go through.");
      return exclusive(async () => {
        const view = await setDesignImage(id, sceneId, { ...input, revision: revisionRef.current } as SceneImageInput);
        adopt(view, null);
        return view;
      });
    },
    [adopt, exclusive, id, save],
  );

  /** Saves, then queues the export (402 when short of credits). */
  const startExport = useCallback(
    async (input: ExportDesignInput) => {
      if (!(await save())) throw new Error("Your latest edits are not saved yet; fix what the editor says, then export.");
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
