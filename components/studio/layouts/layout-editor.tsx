"use client";
/**
 * /layouts-pipeline/{layoutId}: the slot editor. The canvas per aspect
 * ratio (drag, resize, snapping, keyboard), the selected slot's properties,
 * sample content and preview style switchers, validation as you edit, save
 * with the revision check and the stage actions.
 */
import Link from "next/link";
import { useMemo, useState } from "react";
import { LayoutTemplate, Plus } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { SLOT_KINDS, type SlotKind } from "@/lib/engine/composition/layout-schema";
import { validateLayout } from "@/lib/engine/composition/layout-validation";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { addSlot, moveZ, removeSlot, setBox } from "@/lib/studio/layouts/editing";
import { DEFAULT_PREVIEW_STYLE, PREVIEW_STYLES } from "@/lib/studio/layouts/preview";
import { cn } from "@/lib/platform/utils";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { SaveBar } from "./save-bar";
import { SlotCanvas } from "./slot-canvas";
import { SlotProperties } from "./slot-properties";
import { useLayoutDraft } from "./use-layout-draft";
import { useLiveSaveConfirm } from "./live-save-confirm";

const SELECT = "h-9 rounded-md border border-input bg-background px-2 text-sm";

export function LayoutEditor({ layoutId }: { layoutId: string }) {
  const d = useLayoutDraft(layoutId);
  const [ratio, setRatio] = useState<CompositionRatio>("9:16");
  const [selected, setSelected] = useState<string | null>(null);
  const [long, setLong] = useState(false);
  const [styleId, setStyleId] = useState(DEFAULT_PREVIEW_STYLE);
  const [newKind, setNewKind] = useState<SlotKind>("text");
  const [showLabels, setShowLabels] = useState(true);
  /** A live layout's save waits for a confirmation (what changes, how many items use it). */
  const live = useLiveSaveConfirm(d);
  const issues = useMemo(() => (d.draft ? validateLayout(d.draft) : []), [d.draft]);
  const errors = issues.filter((i) => i.severity === "error");
  const flagged = useMemo(
    () =>
      new Set(
        errors
          .filter((i) => !i.ratio || i.ratio === ratio)
          .flatMap((i) => [i.slotId, i.otherSlotId].filter((x): x is string => !!x)),
      ),
    [errors, ratio],
  );

  if (d.error?.status === 404) {
    return (
      <MissingItem
        icon={LayoutTemplate}
        noun="layout"
        ids={[{ label: "Layout ID", value: layoutId }]}
        back={{ label: "Back to layouts", href: "/layouts" }}
      />
    );
  }
  if (d.error && !d.layout) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{d.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!d.layout || !d.draft) return <Skeleton className="h-[520px] w-full" aria-label="Loading the layout" />;

  const draft = d.draft;
  const slot = draft.slots.find((s) => s.id === selected) ?? null;
  const blocked = errors.length
    ? `${errors.length} ${errors.length === 1 ? "error" : "errors"} to fix (see Checks)`
    : !draft.name.trim()
      ? "the layout needs a name"
      : null;

  return (
    <div className="space-y-6">
      <SaveBar
        layout={d.layout}
        dirty={d.dirty}
        blocked={blocked}
        save={d.save}
        moving={d.moving}
        onSave={live.onSave}
        onReload={d.reload}
        onMove={d.moveTo}
      />
      {live.dialog}
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="This layout">
        <Link className="underline" href={`/layouts-pipeline/${layoutId}/animation`}>
          Animation
        </Link>
        <Link className="underline" href={`/layout-tracker?layout=${layoutId}`}>
          History
        </Link>
        <Link className="underline" href="/layouts">
          All layouts
        </Link>
      </nav>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-3">
            <div role="tablist" aria-label="Aspect ratio" className="inline-flex rounded-md border p-0.5">
              {COMPOSITION_RATIOS.map((r) => (
                <button
                  key={r}
                  role="tab"
                  aria-selected={ratio === r}
                  className={cn(
                    "rounded px-3 py-1 text-sm",
                    ratio === r ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                  onClick={() => setRatio(r)}
                >
                  {r}
                </button>
              ))}
            </div>
            <div role="radiogroup" aria-label="Sample content" className="inline-flex rounded-md border p-0.5">
              {[false, true].map((l) => (
                <button
                  key={String(l)}
                  role="radio"
                  aria-checked={long === l}
                  className={cn("rounded px-3 py-1 text-sm", long === l ? "bg-secondary" : "hover:bg-muted")}
                  onClick={() => setLong(l)}
                >
                  {l ? "Long text" : "Short text"}
                </button>
              ))}
            </div>
            <ToggleSwitch label="Slot labels" checked={showLabels} onChange={setShowLabels} className="items-center" />
            <div className="flex items-center gap-2">
              <Label htmlFor="preview-style">Style</Label>
              <select
                id="preview-style"
                className={SELECT}
                value={styleId}
                onChange={(e) => setStyleId(e.target.value)}
              >
                {PREVIEW_STYLES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className={cn("mx-auto", ratio === "16:9" ? "max-w-3xl" : ratio === "9:16" ? "max-w-xs" : "max-w-md")}>
            <SlotCanvas
              body={draft}
              ratio={ratio}
              media={d.layout.sample_media}
              long={long}
              styleId={styleId}
              selected={selected}
              flagged={flagged}
              onSelect={setSelected}
              onBox={(id, box) => d.setDraft((b) => (b ? setBox(b, ratio, id, box) : b))}
              showLabels={showLabels}
            />
          </div>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="layout-meta" className="space-y-3">
            <h2 id="layout-meta" className="text-base font-semibold">
              Layout
            </h2>
            <div className="space-y-1">
              <Label htmlFor="layout-name">Name</Label>
              <Input
                id="layout-name"
                value={draft.name}
                maxLength={80}
                onChange={(e) => d.setDraft({ ...draft, name: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="layout-desc">Description</Label>
              <Input
                id="layout-desc"
                value={draft.description}
                maxLength={500}
                onChange={(e) => d.setDraft({ ...draft, description: e.target.value })}
              />
            </div>
          </section>

          <section aria-labelledby="slots-h" className="space-y-2">
            <h2 id="slots-h" className="text-base font-semibold">
              Slots
            </h2>
            <ul className="flex flex-wrap gap-1">
              {[...draft.slots]
                .sort((a, b) => b.z - a.z)
                .map((s) => (
                  <li key={s.id}>
                    <button
                      className={cn(
                        "rounded border px-2 py-0.5 text-xs",
                        selected === s.id ? "border-sky-500 bg-sky-50 dark:bg-sky-950" : "hover:bg-muted",
                        flagged.has(s.id) && "border-red-500",
                      )}
                      aria-pressed={selected === s.id}
                      onClick={() => setSelected(s.id)}
                    >
                      {s.label}
                    </button>
                  </li>
                ))}
            </ul>
            <div className="flex items-center gap-2">
              <Label htmlFor="new-slot-kind" className="sr-only">
                Kind of the new slot
              </Label>
              <select
                id="new-slot-kind"
                className={SELECT}
                value={newKind}
                onChange={(e) => setNewKind(e.target.value as SlotKind)}
              >
                {SLOT_KINDS.map((k) => (
                  <option key={k}>{k}</option>
                ))}
              </select>
              <Button
                variant="outline"
                size="sm"
                disabled={draft.slots.length >= 24}
                onClick={() => {
                  const made = addSlot(draft, newKind);
                  d.setDraft(made.body);
                  setSelected(made.id);
                }}
              >
                <Plus aria-hidden="true" /> Add slot
              </Button>
            </div>
          </section>

          {slot ? (
            <SlotProperties
              key={slot.id}
              slot={slot}
              box={draft.boxes[ratio]?.[slot.id] ?? null}
              canRemove={draft.slots.length > 1}
              onChange={(next) =>
                d.setDraft({ ...draft, slots: draft.slots.map((s) => (s.id === slot.id ? next : s)) })
              }
              onZ={(dir) => d.setDraft(moveZ(draft, slot.id, dir))}
              onRemove={() => {
                d.setDraft(removeSlot(draft, slot.id));
                setSelected(null);
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Select a slot on the canvas or in the list to edit it.</p>
          )}

          <section aria-labelledby="checks-h" className="space-y-2">
            <h2 id="checks-h" className="text-base font-semibold">
              Checks{" "}
              <span className="text-sm font-normal text-muted-foreground">
                ({errors.length} errors, {issues.length - errors.length} warnings)
              </span>
            </h2>
            {issues.length === 0 ? (
              <p className="text-sm text-muted-foreground">No problems in any ratio.</p>
            ) : (
              <ul className="space-y-1 text-sm" aria-live="polite">
                {issues.map((i, n) => (
                  <li
                    key={n}
                    className={i.severity === "error" ? "text-destructive" : "text-amber-700 dark:text-amber-400"}
                  >
                    {i.severity === "error" ? "Error" : "Warning"}: {i.message}
                    {i.ratio && i.ratio !== ratio ? (
                      <button className="ml-1 underline" onClick={() => setRatio(i.ratio!)}>
                        show {i.ratio}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <details className="text-sm">
            <summary className="cursor-pointer">Raw JSON (read-only)</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded bg-muted p-2 text-xs">
              {JSON.stringify(draft, null, 2)}
            </pre>
          </details>
        </aside>
      </div>
    </div>
  );
}
