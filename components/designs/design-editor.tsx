"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { CircleCheck, Copy, CopyPlus, Lock, Scaling, Share2, Trash2 } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { ConflictPanel } from "@/components/common/conflict-panel";
import { RATIO_NAMES } from "@/components/common/format";
import { newSceneId } from "@/components/video/editor/editor-model";
import { MAX_SCENES } from "@/lib/engine/composition/composition-schema";
import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { deleteDesign, duplicateDesign, resizeDesign, useDesignOptions } from "@/lib/client/hooks/use-designs";
import { cn } from "@/lib/platform/utils";
import { DesignExport } from "./design-export";
import { DesignPageCard } from "./design-page-card";
import { DesignPreview } from "./design-preview";
import { ResizeDialog } from "./resize-dialog";
import { useDesignDraft, type DesignSaveStatus } from "./use-design-draft";

const SAVE_TEXT: Record<DesignSaveStatus["kind"], string> = {
  idle: "All changes saved",
  saved: "All changes saved",
  dirty: "Unsaved changes…",
  saving: "Saving…",
  error: "Not saved",
  conflict: "Not saved: changed elsewhere",
};

function EditorSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6 lg:grid-cols-12">
      <span className="sr-only">Loading the design</span>
      <div className="space-y-3 lg:col-span-7">
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
      <Skeleton className="aspect-square w-full rounded-xl lg:col-span-5" />
    </div>
  );
}

/** /content/{id}/edit for a design: its pages (layout, texts, picture), a still preview at the real ratio, export, resize and the other sizes. */
export function DesignEditor({ id }: { id: string }) {
  const router = useRouter();
  const ed = useDesignDraft(id);
  const options = useDesignOptions();
  const [selected, setSelected] = useState<string | null>(null);
  const [resizing, setResizing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<"duplicate" | "delete" | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  /** The designs the last Resize made: a notice links to each, since this page stays open. */
  const [resized, setResized] = useState<{ id: string; title: string; aspect_ratio: string }[] | null>(null);
  const { draft, design, player, status, readOnly } = ed;

  useEffect(() => {
    if (draft && (!selected || !draft.scenes.some((s) => s.id === selected))) setSelected(draft.scenes[0]?.id ?? null);
  }, [draft, selected]);

  if (design.error && !design.data) {
    if (design.error.status === 404) {
      return (
        <Alert>
          <AlertTitle>We couldn&apos;t find this design</AlertTitle>
          <AlertDescription>
            It may have been deleted, or the link may be wrong. <Link href="/create">Make something new</Link>
          </AlertDescription>
        </Alert>
      );
    }
    return (
      <ActionErrorPanel
        error={design.error}
        action="We couldn't load this design"
        onDismiss={() => void design.mutate()}
      />
    );
  }
  if (!draft || !design.data) return <EditorSkeleton />;

  const view = design.data;
  const template = options.data?.templates.find((t) => t.id === draft.template_id) ?? null;
  const layouts = template?.layouts ?? [];
  const colors = template?.colors ?? { background: "#ffffff", accent: "#6366f1", text: "#111111" };
  const props = player.data?.props ?? null;
  const selectedIndex = Math.max(
    0,
    draft.scenes.findIndex((s) => s.id === selected),
  );
  const drawnOf = (sceneId: string) => props?.scenes.find((s) => s.id === sceneId) ?? null;
  const updating =
    status.kind === "saving" ||
    status.kind === "dirty" ||
    player.isValidating ||
    (player.data ? player.data.revision !== view.revision : false);
  const siblings = view.resize.siblings.filter((s) => s.id !== id);
  const firstLayout = layouts.find((l) => l.id === draft.scenes[0]?.layout_id) ?? null;

  const addPage = () => {
    const model = draft.scenes[selectedIndex];
    if (!model || draft.scenes.length >= MAX_SCENES) return;
    const sceneId = newSceneId(draft.scenes);
    ed.edit((d) => {
      const scenes = [...d.scenes];
      scenes.splice(selectedIndex + 1, 0, { ...model, id: sceneId });
      return { ...d, scenes };
    });
    setSelected(sceneId);
  };
  const removePage = (index: number) => {
    const neighbour = draft.scenes[index + 1] ?? draft.scenes[index - 1];
    ed.edit((d) => ({ ...d, scenes: d.scenes.filter((_, i) => i !== index) }));
    if (neighbour) setSelected(neighbour.id);
  };
  const resize = async (ratios: Parameters<typeof resizeDesign>[1]) => {
    if (!(await ed.save()))
      throw new Error("Your latest edits are not saved yet; fix what the editor says, then resize.");
    const made = await resizeDesign(id, ratios);
    setResizing(false);
    // Stay here and say where the new sizes went (a notice with a link to each; "Sizes" lists them too).
    setResized(made.map((m) => ({ id: m.id, title: m.title, aspect_ratio: m.aspect_ratio })));
    void design.mutate();
  };

  const duplicate = async () => {
    setBusy("duplicate");
    setActionError(null);
    try {
      if (!(await ed.save()))
        throw new Error("Your latest edits are not saved yet; fix what the editor says, then duplicate.");
      const copy = await duplicateDesign(id);
      router.push(`/content/${encodeURIComponent(copy.id)}/edit`);
    } catch (e) {
      setActionError(e);
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy("delete");
    setActionError(null);
    try {
      await deleteDesign(id);
      router.push("/create");
    } catch (e) {
      setActionError(e);
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  return (
    <div className="space-y-6">
      {actionError ? (
        <ActionErrorPanel error={actionError} action="That did not work" onDismiss={() => setActionError(null)} />
      ) : null}
      {resized && resized.length > 0 ? (
        <Alert role="status" data-testid="resize-notice">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>
            {resized.length === 1 ? "1 new design made" : `${resized.length} new designs made`}, this one is unchanged
          </AlertTitle>
          <AlertDescription>
            <p>They are listed under Sizes and in your drafts. Open:</p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {resized.map((r) => (
                <li key={r.id}>
                  <Link
                    href={`/content/${encodeURIComponent(r.id)}/edit`}
                    className="font-medium underline underline-offset-2"
                  >
                    {r.title}
                  </Link>
                </li>
              ))}
            </ul>
            <Button type="button" variant="ghost" size="sm" className="mt-1 px-0" onClick={() => setResized(null)}>
              Dismiss
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert role="status">
          <Lock aria-hidden="true" />
          <AlertTitle>This design is exporting</AlertTitle>
          <AlertDescription>Editing is paused until the export finishes (a few seconds).</AlertDescription>
        </Alert>
      ) : null}
      {status.kind === "conflict" ? <ConflictPanel what="design" onReload={() => void ed.reload()} /> : null}
      {status.kind === "error" ? (
        <ActionErrorPanel error={status.error} action="Your edits were not saved" onDismiss={() => void ed.save()} />
      ) : null}

      <div className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-xs">
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor="design-title" className="text-xs font-medium">
            Title
          </label>
          <Input
            id="design-title"
            value={draft.title}
            maxLength={200}
            readOnly={readOnly}
            onChange={(e) => ed.edit((d) => ({ ...d, title: e.target.value }))}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="design-template" className="text-xs font-medium">
            Template
          </label>
          <select
            id="design-template"
            value={draft.template_id}
            disabled={readOnly || !options.data}
            onChange={(e) => ed.edit((d) => ({ ...d, template_id: e.target.value }))}
            className="flex h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs disabled:opacity-50"
          >
            {options.data?.templates.some((t) => t.id === draft.template_id) ? null : (
              <option value={draft.template_id}>{view.template.name}</option>
            )}
            {options.data?.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" onClick={() => setResizing(true)} disabled={readOnly}>
          <Scaling />
          Resize
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => void duplicate()}
          disabled={busy !== null}
          aria-busy={busy === "duplicate" || undefined}
        >
          <Copy />
          Duplicate
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => setConfirmDelete(true)}
          disabled={busy !== null || readOnly}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 />
          Delete
        </Button>
        <Button asChild variant="ghost">
          <Link href={`/content/${encodeURIComponent(id)}/share`}>
            <Share2 />
            Share
          </Link>
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={cn(
            "w-full text-xs text-muted-foreground sm:w-auto",
            status.kind === "error" || status.kind === "conflict" ? "text-destructive" : "",
          )}
        >
          {SAVE_TEXT[status.kind]}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-12">
        <section aria-labelledby="pages-title" className="space-y-3 lg:col-span-7">
          <h2 id="pages-title" className="text-sm font-semibold">
            Pages <span className="font-normal text-muted-foreground">({draft.scenes.length})</span>
          </h2>
          <ol className="space-y-2" aria-label="Pages">
            {draft.scenes.map((scene, index) => (
              <DesignPageCard
                key={scene.id}
                scene={scene}
                index={index}
                count={draft.scenes.length}
                selected={scene.id === selected}
                drawn={drawnOf(scene.id)}
                layouts={layouts}
                readOnly={readOnly}
                onSelect={() => setSelected(scene.id)}
                onChange={(change) =>
                  ed.edit((d) => ({ ...d, scenes: d.scenes.map((s) => (s.id === scene.id ? change(s) : s)) }))
                }
                onRemove={() => removePage(index)}
                onImage={(pick) => ed.setImage(scene.id, pick)}
                picturePrice={options.data?.scene_picture ?? null}
              />
            ))}
          </ol>
          <Button
            type="button"
            variant="outline"
            disabled={readOnly || draft.scenes.length >= MAX_SCENES}
            onClick={addPage}
          >
            <CopyPlus />
            Duplicate page {selectedIndex + 1}
          </Button>
        </section>

        <div className="order-first space-y-4 lg:order-none lg:col-span-5">
          <DesignPreview
            props={props}
            ratio={view.aspect_ratio}
            sceneId={selected}
            pageNumber={selectedIndex + 1}
            updating={updating}
            error={player.error && !player.data ? player.error.message : null}
          />
          <DesignExport
            design={view}
            cost={options.data?.export_cost ?? 1}
            disabled={status.kind === "conflict"}
            onExport={ed.startExport}
          />
          <section aria-labelledby="sizes-title" className="space-y-2 rounded-xl border bg-card p-4 shadow-xs">
            <h2 id="sizes-title" className="text-sm font-semibold">
              Sizes
            </h2>
            {siblings.length === 0 ? (
              <p className="text-xs text-muted-foreground">
                Only {view.aspect_ratio} so far. Resize to make this design in the other sizes in one go.
              </p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                <li>
                  <span
                    aria-current="page"
                    className="inline-flex items-center rounded-md border border-primary px-2 py-1 text-xs font-medium"
                  >
                    {view.aspect_ratio} {RATIO_NAMES[view.aspect_ratio]} (this one)
                  </span>
                </li>
                {siblings.map((s) => (
                  <li key={s.id}>
                    <Link
                      href={`/content/${encodeURIComponent(s.id)}/edit`}
                      className="inline-flex items-center rounded-md border px-2 py-1 text-xs hover:bg-muted"
                    >
                      {s.aspect_ratio} {RATIO_NAMES[s.aspect_ratio]}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <ResizeDialog
        open={resizing}
        current={view.aspect_ratio}
        existing={view.resize.siblings.map((s) => s.aspect_ratio)}
        layout={firstLayout}
        colors={colors}
        onResize={resize}
        onClose={() => setResizing(false)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this design?"
        confirmLabel="Delete design"
        busy={busy === "delete"}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        Its pages and exported files are deleted. Its other sizes stay.
      </ConfirmDialog>
    </div>
  );
}
