"use client";
/**
 * The autosave core the design editor and the storyboard editor share: a
 * local draft saved with the revision it was edited on (a debounced write
 * `delayMs` after the last edit), one write at a time so each sends the
 * revision the previous one produced, a 409 on a stale revision that stops
 * saving until the user reloads, and a question before leaving with unsaved
 * edits. What a save sends and how the server's answer is taken in stay with
 * each editor (`write`, and `adoptStored` called from it).
 */
import { useCallback, useEffect, useRef, useState } from "react";

import { conflictReason } from "@/lib/client/api";

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "error"; error: unknown }
  | { kind: "conflict" };

export interface AutosaveOptions<D, P> {
  /** What a save would send to turn `saved` into `draft`; null when they agree. */
  diff(draft: D, saved: D): P | null;
  /** Sends one save; it takes the server's answer in (adoptStored) before it resolves. */
  write(draft: D, patch: P, revision: number): Promise<void>;
  delayMs: number;
  /** No edits and no saves (a render or export under way). */
  readOnly: boolean;
  /** A write met a render or export started elsewhere: ask the server again so the editor turns read-only. */
  onBusyElsewhere(): void;
}

export function useAutosaveDraft<D, P>(options: AutosaveOptions<D, P>) {
  const [draft, setDraftState] = useState<D | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const draftRef = useRef<D | null>(null);
  const savedRef = useRef<D | null>(null);
  const revisionRef = useRef(0);
  const conflictRef = useRef(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const readOnlyRef = useRef(options.readOnly);
  // The latest callbacks, so save (and the autosave timer that depends on it) stays the same across renders;
  // both refs are written after each commit (not during render).
  const opts = useRef(options);
  useEffect(() => {
    readOnlyRef.current = options.readOnly;
    opts.current = options;
  });

  const setDraft = useCallback((d: D) => {
    draftRef.current = d;
    setDraftState(d);
  }, []);

  /** What the server now stores, and under which revision. */
  const adoptStored = useCallback((stored: D, revision: number) => {
    revisionRef.current = revision;
    savedRef.current = stored;
  }, []);

  /** Starts over from the server's version: draft, saved state and revision. */
  const reset = useCallback(
    (stored: D, revision: number) => {
      adoptStored(stored, revision);
      conflictRef.current = false;
      setDraft(stored);
      setStatus({ kind: "idle" });
    },
    [adoptStored, setDraft],
  );

  /** Runs server writes one after another. */
  const exclusive = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(task, task);
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const failed = useCallback((error: unknown) => {
    const conflict = conflictReason(error);
    if (conflict === "revision") {
      conflictRef.current = true;
      setStatus({ kind: "conflict" });
      return;
    }
    setStatus({ kind: "error", error });
    if (conflict === "rendering") opts.current.onBusyElsewhere();
  }, []);

  /** Saves the draft now (after any write under way). True when nothing is left unsaved. */
  const save = useCallback(
    () =>
      exclusive(async () => {
        const d = draftRef.current;
        const s = savedRef.current;
        if (!d || !s) return true;
        const patch = opts.current.diff(d, s);
        if (!patch) return true;
        if (conflictRef.current || readOnlyRef.current) return false;
        setStatus({ kind: "saving" });
        try {
          await opts.current.write(d, patch, revisionRef.current);
          setStatus({ kind: "saved" });
          return true;
        } catch (error) {
          failed(error);
          return false;
        }
      }),
    [exclusive, failed],
  );

  // Autosave: delayMs after the last edit.
  const conflict = status.kind === "conflict";
  const { readOnly, delayMs } = options;
  useEffect(() => {
    if (!draft || readOnly || conflict || !savedRef.current) return;
    if (!opts.current.diff(draft, savedRef.current)) {
      // Back to what is stored (an undo of an unsaved edit): nothing to save.
      setStatus((s) => (s.kind === "dirty" ? { kind: "saved" } : s));
      return;
    }
    setStatus((s) => (s.kind === "saving" ? s : { kind: "dirty" }));
    const timer = setTimeout(() => void save(), delayMs);
    return () => clearTimeout(timer);
  }, [draft, readOnly, conflict, save, delayMs]);

  // Leaving with unsaved edits asks first.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const d = draftRef.current;
      const s = savedRef.current;
      if (d && s && opts.current.diff(d, s)) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  /** After a write that ends a conflict (a restored revision): saving goes on. */
  const clearConflict = useCallback(() => {
    conflictRef.current = false;
    setStatus({ kind: "saved" });
  }, []);

  return {
    draft,
    draftRef,
    status,
    setStatus,
    setDraft,
    adoptStored,
    reset,
    exclusive,
    save,
    clearConflict,
    readOnlyRef,
    revisionRef,
  };
}
