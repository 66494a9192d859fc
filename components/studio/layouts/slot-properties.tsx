"use client";
/** The selected slot's properties: what it is, how its text fits, its colours and stacking order; remove it. */
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  PALETTE_ROLES,
  SLOT_KINDS,
  SLOT_ROLES,
  type Box,
  type LayoutSlot,
} from "@/lib/engine/composition/layout-schema";

const SELECT = "h-9 w-full rounded-md border border-input bg-background px-2 text-sm";

interface Props {
  slot: LayoutSlot;
  box: Box | null;
  onChange: (next: LayoutSlot) => void;
  onZ: (dir: "up" | "down") => void;
  onRemove: () => void;
  canRemove: boolean;
}

function NumberField({
  id,
  label,
  value,
  min,
  max,
  step = 1,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  step?: number;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={value ?? ""}
        onChange={(e) => {
          const n = e.target.value === "" ? undefined : Number(e.target.value);
          onChange(n === undefined || Number.isNaN(n) ? undefined : Math.min(max, Math.max(min, n)));
        }}
      />
    </div>
  );
}

export function SlotProperties({ slot, box, onChange, onZ, onRemove, canRemove }: Props) {
  const fit = slot.fit;
  const setFit = (patch: Partial<LayoutSlot["fit"]>) => onChange({ ...slot, fit: { ...fit, ...patch } });
  const p = `slot-${slot.id}`;
  const text = slot.kind === "text";
  return (
    <section aria-labelledby={`${p}-h`} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${p}-h`} className="text-base font-semibold">
          {slot.label} <span className="font-mono text-xs text-muted-foreground">{slot.id}</span>
        </h2>
        <div className="flex gap-1">
          <Button size="icon" variant="outline" aria-label="Bring forward" onClick={() => onZ("up")}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button size="icon" variant="outline" aria-label="Send backward" onClick={() => onZ("down")}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            aria-label={`Remove ${slot.label}`}
            disabled={!canRemove}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {box ? (
        <p className="text-xs text-muted-foreground">
          Box: x {(box.x * 100).toFixed(1)}%, y {(box.y * 100).toFixed(1)}%, {(box.w * 100).toFixed(1)}% ×{" "}
          {(box.h * 100).toFixed(1)}% · z {slot.z}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2 space-y-1">
          <Label htmlFor={`${p}-label`}>Label</Label>
          <Input
            id={`${p}-label`}
            value={slot.label}
            maxLength={80}
            onChange={(e) => onChange({ ...slot, label: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${p}-kind`}>Kind</Label>
          <select
            id={`${p}-kind`}
            className={SELECT}
            value={slot.kind}
            onChange={(e) => onChange({ ...slot, kind: e.target.value as LayoutSlot["kind"] })}
          >
            {SLOT_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${p}-role`}>Role</Label>
          <select
            id={`${p}-role`}
            className={SELECT}
            value={slot.role}
            onChange={(e) => onChange({ ...slot, role: e.target.value as LayoutSlot["role"] })}
          >
            {SLOT_ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <label className="col-span-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={slot.required}
            onChange={(e) => onChange({ ...slot, required: e.target.checked })}
          />{" "}
          Required
        </label>
        {text ? (
          <>
            <NumberField
              id={`${p}-max`}
              label="Max characters"
              value={fit.maxChars}
              min={1}
              max={2000}
              onChange={(v) => v && setFit({ maxChars: v })}
            />
            <NumberField
              id={`${p}-lines`}
              label="Max lines (empty: any)"
              value={fit.maxLines}
              min={1}
              max={40}
              onChange={(v) => setFit({ maxLines: v })}
            />
            <NumberField
              id={`${p}-minpx`}
              label="Smallest font (px)"
              value={fit.minFontPx}
              min={4}
              max={400}
              onChange={(v) => v && setFit({ minFontPx: v })}
            />
            <NumberField
              id={`${p}-maxpx`}
              label="Largest font (px)"
              value={fit.maxFontPx}
              min={4}
              max={600}
              onChange={(v) => v && setFit({ maxFontPx: v })}
            />
            <div className="space-y-1">
              <Label htmlFor={`${p}-align`}>Align</Label>
              <select
                id={`${p}-align`}
                className={SELECT}
                value={fit.align}
                onChange={(e) => setFit({ align: e.target.value as typeof fit.align })}
              >
                {["left", "center", "right"].map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${p}-valign`}>Vertical</Label>
              <select
                id={`${p}-valign`}
                className={SELECT}
                value={fit.valign}
                onChange={(e) => setFit({ valign: e.target.value as typeof fit.valign })}
              >
                {["top", "middle", "bottom"].map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            </div>
            <NumberField
              id={`${p}-weight`}
              label="Weight"
              value={fit.weight}
              min={100}
              max={900}
              step={100}
              onChange={(v) => v && setFit({ weight: Math.round(v / 100) * 100 })}
            />
            <NumberField
              id={`${p}-lh`}
              label="Line height"
              value={fit.lineHeight}
              min={0.7}
              max={3}
              step={0.05}
              onChange={(v) => v && setFit({ lineHeight: v })}
            />
            <label className="col-span-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={fit.uppercase}
                onChange={(e) => setFit({ uppercase: e.target.checked })}
              />{" "}
              Uppercase
            </label>
            <div className="space-y-1">
              <Label htmlFor={`${p}-tone`}>Text colour</Label>
              <select
                id={`${p}-tone`}
                className={SELECT}
                value={slot.tone}
                onChange={(e) => onChange({ ...slot, tone: e.target.value as LayoutSlot["tone"] })}
              >
                {[...PALETTE_ROLES, "onMedia"].map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        {slot.kind === "image" || slot.kind === "logo" ? (
          <div className="space-y-1">
            <Label htmlFor={`${p}-fit`}>Picture fit</Label>
            <select
              id={`${p}-fit`}
              className={SELECT}
              value={fit.objectFit}
              onChange={(e) => setFit({ objectFit: e.target.value as typeof fit.objectFit })}
            >
              <option>cover</option>
              <option>contain</option>
            </select>
          </div>
        ) : null}
        <div className="space-y-1">
          <Label htmlFor={`${p}-surface`}>Surface</Label>
          <select
            id={`${p}-surface`}
            className={SELECT}
            value={slot.surface}
            onChange={(e) => onChange({ ...slot, surface: e.target.value as LayoutSlot["surface"] })}
          >
            {[...PALETTE_ROLES, "scrim", "none"].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <NumberField
          id={`${p}-opacity`}
          label="Opacity"
          value={slot.opacity}
          min={0}
          max={1}
          step={0.05}
          onChange={(v) => v !== undefined && onChange({ ...slot, opacity: v })}
        />
      </div>
    </section>
  );
}
