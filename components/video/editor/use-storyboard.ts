"use client";
/**
 * The storyboard editor's state: a local draft of the video, autosaved
 * (debounced PATCH with the revision it was edited on), an undo/redo
 * history of local edits, and the calls that write through the server
 * (scene pictures, revisions, render), queued one at a time so each sends
 * the revision the previous one produced.
 */
import { useCallback, useEffect, useRef, useState } from "react";

import { useAutosaveDraft, type SaveStatus } from "@/components/common/use-autosave-draft";
import {
  applyBrandKit,
  editVideo,
  isRendering,
  renderVideo,
  restoreRevision,
  setSceneImage,
  usePlayerProps,
  useVideo,
} from "@/lib/client/hooks/use-videos";
import type { SceneImageInput, VideoView } from "@/lib/creation/video/contract";
import { draftOf, patchFor, stripVoice, type Draft } from "./editor-model";
import type { ImagePick } from "./scene-image-panel";

export const AUTOSAVE_MS = 800;
const HISTORY_LIMIT = 100;
/** Keystrokes in one field this close together are one undo step. */
const COALESCE_MS = 1000;

export type { SaveStatus };

type Adopt =
  | { mode: "if-unchanged"; sent: Draft | null }
  | { mode: "replace" }
  | { mode: "merge-scene"; sent: Draft | null; sceneId: string };

export function useStoryboard(id: string) {
  const video = useVideo(id);
  const player = usePlayerProps(id);
  const mutateVideo = video.mutate;
  const mutatePlayer = player.mutate;

  const rendering = video.data ? isRendering(video.data) : false;
  const readOnly = rendering;
  const autosave = useAutosaveDraft<Draft, NonNullable<ReturnType<typeof patchFor>>>({
    diff: patchFor,
    // adopt is declared below; the save runs after this render, when it is.
    write: async (d, patch, revision): Promise<void> => {
      adopt(await editVideo(id, { revision, ...patch, scenes: patch.scenes?.map(stripVoice) }), {
        mode: "if-unchanged",
        sent: d,
      });
    },
    delayMs: AUTOSAVE_MS,
    readOnly,
    // A render started elsewhere: polling picks it up and the editor turns read-only.
    onBusyElsewhere: () => void mutateVideo(),
  });
  const { draft, draftRef, status, setDraft, adoptStored, exclusive, save, clearConflict, readOnlyRef, revisionRef } =
    autosave;
  const resetTo = autosave.reset;

  const [, setHistoryVersion] = useState(0);
  const past = useRef<Draft[]>([]);
  const future = useRef<Draft[]>([]);
  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  const historyChanged = () => setHistoryVersion((n) => n + 1);

  /** Starts over from a server view: draft, saved state and revision; the history is dropped. */
  const reset = useCallback(
    (view: VideoView) => {
      past.current = [];
      future.current = [];
      lastEdit.current = null;
      resetTo(draftOf(view), view.revision);
      historyChanged();
    },
    [resetTo],
  );

  // The first answer, and again when a render ends: a render may store narration audio under a new revision.
  const syncedAs = useRef<"editable" | "rendering" | null>(null);
  useEffect(() => {
    const view = video.data;
    if (!view) return;
    const now = rendering ? "rendering" : "editable";
    if (syncedAs.current === now) return;
    const first = syncedAs.current === null;
    syncedAs.current = now;
    if (first || now === "editable") {
      reset(view);
      if (!first) void mutatePlayer();
    }
  }, [video.data, rendering, reset, mutatePlayer]);

  /** Takes in what the server stored after a write. */
  const adopt = useCallback(
    (view: VideoView, how: Adopt) => {
      const server = draftOf(view);
      adoptStored(server, view.revision);
      const cur = draftRef.current;
      if (how.mode === "replace" || !cur) {
        setDraft(server);
      } else if (how.mode === "if-unchanged") {
        // No edit since the save left: show what the server stored (it may have tidied slots after a layout change).
        // An emptied title is kept as typed until the user writes a new one.
        if (cur === how.sent) setDraft(cur.title.trim() ? server : { ...server, title: cur.title });
      } else {
        const stored = view.composition.scenes.find((s) => s.id === how.sceneId);
        if (cur === how.sent) setDraft(server);
        else if (stored) {
          // Edits made while the picture was made stay; the scene takes the new picture.
          const pictures = Object.fromEntries(Object.entries(stored.values).filter(([, v]) => v.type !== "text"));
          setDraft({
            ...cur,
            scenes: cur.scenes.map((s) =>
              s.id === how.sceneId
                ? {
                    ...s,
                    values: { ...s.values, ...pictures },
                    ...(stored.image_prompt ? { image_prompt: stored.image_prompt } : {}),
                  }
                : s,
            ),
          });
        }
      }
      void mutateVideo(view, { revalidate: false });
      void mutatePlayer();
    },
    [adoptStored, draftRef, mutatePlayer, mutateVideo, setDraft],
  );

  /** One edit; `coalesce` names the field so a run of keystrokes is one undo step. */
  const edit = useCallback(
    (change: (d: Draft) => Draft, coalesce?: string) => {
      const cur = draftRef.current;
      if (!cur || readOnlyRef.current) return;
      const next = change(cur);
      if (next === cur) return;
      const now = Date.now();
      const merge =
        coalesce !== undefined && lastEdit.current?.key === coalesce && now - lastEdit.current.at < COALESCE_MS;
      if (!merge) {
        past.current.push(cur);
        if (past.current.length > HISTORY_LIMIT) past.current.shift();
      }
      future.current = [];
      lastEdit.current = coalesce !== undefined ? { key: coalesce, at: now } : null;
      setDraft(next);
      historyChanged();
    },
    [draftRef, readOnlyRef, setDraft],
  );

  const undo = useCallback(() => {
    const cur = draftRef.current;
    const prev = past.current.pop();
    if (!cur || !prev || readOnlyRef.current) return;
    future.current.push(cur);
    lastEdit.current = null;
    setDraft(prev);
    historyChanged();
  }, [draftRef, readOnlyRef, setDraft]);

  const redo = useCallback(() => {
    const cur = draftRef.current;
    const next = future.current.pop();
    if (!cur || !next || readOnlyRef.current) return;
    past.current.push(cur);
    lastEdit.current = null;
    setDraft(next);
    historyChanged();
  }, [draftRef, readOnlyRef, setDraft]);

  /** After a conflict: the server's latest version replaces the local edits. */
  const reload = useCallback(async () => {
    const view = await mutateVideo();
    if (view) {
      reset(view);
      void mutatePlayer();
    }
  }, [mutatePlayer, mutateVideo, reset]);

  /** A new picture for a scene (generated, or picked from my images or assets); unsaved edits are saved first. */
  const setImage = useCallback(
    async (sceneId: string, input: ImagePick) => {
      if (!(await save())) throw new Error("Save your edits first: the last save did not go through.");
      return exclusive(async () => {
        const sent = draftRef.current;
        const view = await setSceneImage(id, sceneId, { ...input, revision: revisionRef.current } as SceneImageInput);
        adopt(view, { mode: "merge-scene", sent, sceneId });
        return view;
      });
    },
    [adopt, exclusive, id, revisionRef, save],
  );

  /** Brings an older revision back as the newest; the draft it replaces stays one undo away. */
  const restore = useCallback(
    (revision: number) =>
      exclusive(async () => {
        const before = draftRef.current;
        const view = await restoreRevision(id, revision);
        adopt(view, { mode: "replace" });
        if (before) {
          past.current.push(before);
          future.current = [];
          historyChanged();
        }
        clearConflict();
        return view;
      }),
    [adopt, clearConflict, draftRef, exclusive, id],
  );

  /** Applies the brand kit (a fresh snapshot of it) or turns it off; unsaved edits are saved first. */
  const applyBrand = useCallback(
    async (apply: boolean) => {
      if (!(await save())) throw new Error("Save your edits first: the last save did not go through.");
      return exclusive(async () => {
        const view = await applyBrandKit(id, apply, revisionRef.current);
        adopt(view, { mode: "replace" });
        return view;
      });
    },
    [adopt, exclusive, id, revisionRef, save],
  );

  /** Saves, then queues the render (402 when short of credits). */
  const render = useCallback(async () => {
    if (!(await save())) throw new Error("Your latest edits are not saved yet; fix what the editor says, then render.");
    return exclusive(async () => {
      const view = await renderVideo(id);
      await mutateVideo(view, { revalidate: false });
      return view;
    });
  }, [exclusive, id, mutateVideo, save]);

  return {
    video,
    player,
    draft,
    status,
    readOnly,
    // eslint-disable-next-line react-hooks/refs -- the history changes only beside a setDraft, whose render reads it fresh.
    canUndo: past.current.length > 0,
    // eslint-disable-next-line react-hooks/refs -- as above.
    canRedo: future.current.length > 0,
    edit,
    undo,
    redo,
    save,
    applyBrand,
    reload,
    setImage,
    restore,
    render,
  };
}

export type Storyboard = ReturnType<typeof useStoryboard>;
