"use client";

import { useState } from "react";
import { Palette, Plus } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { Vibe } from "@/lib/media/images/contract";
import { deleteVibe, useVibes } from "@/lib/client/hooks/use-vibes";
import { ConfirmDialog } from "./confirm-dialog";
import { VibeCard } from "./vibe-card";
import { VibeForm } from "./vibe-form";
import { LoadError } from "@/components/common/load-error";

const GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** /image-gen/vibe: built-in and my vibes; create, edit, delete mine; apply any. */
export function VibeLibrary() {
  const { data, error, isLoading, mutate } = useVibes();
  const [editing, setEditing] = useState<Vibe | "new" | null>(null);
  const [deleting, setDeleting] = useState<Vibe | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const vibes = data?.vibes ?? [];
  const mine = vibes.filter((v) => v.owner_id !== null);
  const builtIn = vibes.filter((v) => v.owner_id === null);

  const saved = (vibe: Vibe) => {
    void mutate(
      (current) => {
        const list = current?.vibes ?? [];
        return {
          vibes: list.some((v) => v.id === vibe.id) ? list.map((v) => (v.id === vibe.id ? vibe : v)) : [vibe, ...list],
        };
      },
      { revalidate: true },
    );
    setMessage(`Saved “${vibe.name}”.`);
    setEditing(null);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteVibe(deleting.id);
      await mutate((current) => ({ vibes: (current?.vibes ?? []).filter((v) => v.id !== deleting.id) }), {
        revalidate: true,
      });
      setMessage(`Deleted “${deleting.name}”.`);
      setDeleting(null);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : "The vibe was not deleted.");
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  };

  if (isLoading) {
    return (
      <div role="status" aria-busy="true" className={GRID}>
        <span className="sr-only">Loading vibes</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (error) {
    return <LoadError title="We couldn't load the vibes" message={error.message} onRetry={() => mutate()} />;
  }

  return (
    <div className="space-y-10">
      <p role="status" className="sr-only">
        {message ?? ""}
      </p>
      <section aria-labelledby="my-vibes" className="space-y-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="my-vibes" className="text-lg font-semibold tracking-tight">
            My vibes
          </h2>
          {editing === null ? (
            <Button onClick={() => setEditing("new")}>
              <Plus />
              New vibe
            </Button>
          ) : null}
        </div>
        {editing !== null ? (
          <VibeForm
            key={editing === "new" ? "new" : editing.id}
            vibe={editing === "new" ? undefined : editing}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {mine.length === 0 && editing === null ? (
          <EmptyState icon={Palette} heading="No vibes of your own yet" headingLevel="h3">
            A vibe adds words, a negative prompt and a palette to every prompt it is applied to. Create one, or apply a
            built-in vibe below.
          </EmptyState>
        ) : (
          <div className={GRID}>
            {mine.map((v) => (
              <VibeCard key={v.id} vibe={v} mine onEdit={() => setEditing(v)} onDelete={() => setDeleting(v)} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="builtin-vibes" className="space-y-4">
        <h2 id="builtin-vibes" className="text-lg font-semibold tracking-tight">
          Built-in vibes
        </h2>
        <div className={GRID}>
          {builtIn.map((v) => (
            <VibeCard key={v.id} vibe={v} mine={false} />
          ))}
        </div>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete vibe"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        Images made with it keep their settings; the vibe just leaves your list.
      </ConfirmDialog>
    </div>
  );
}
