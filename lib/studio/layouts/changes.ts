/**
 * What saving a layout will change, in sentences staff can read before a
 * live layout changes under the items that use it: the name and
 * description, slots added and removed, a kept slot's settings, and the
 * boxes that moved or changed size at each ratio. Browser-safe.
 */
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function layoutChanges(before: LayoutBody, after: LayoutBody): string[] {
  const out: string[] = [];
  if (before.name !== after.name) out.push(`Name: “${before.name}” → “${after.name}”`);
  if (before.description !== after.description) out.push("Description changed");
  const was = new Map(before.slots.map((s) => [s.id, s]));
  const now = new Map(after.slots.map((s) => [s.id, s]));
  for (const s of after.slots) if (!was.has(s.id)) out.push(`Slot added: ${s.label} (${s.kind})`);
  for (const s of before.slots) if (!now.has(s.id)) out.push(`Slot removed: ${s.label} (${s.kind})`);
  for (const s of after.slots) {
    const old = was.get(s.id);
    if (!old) continue;
    const keys = [...new Set([...Object.keys(old), ...Object.keys(s)])].filter(
      (k) => !same((old as Record<string, unknown>)[k], (s as Record<string, unknown>)[k]),
    );
    if (keys.length) out.push(`Slot ${s.label}: ${keys.join(", ")} changed`);
  }
  const order = (b: LayoutBody) => b.slots.map((s) => s.id).filter((id) => was.has(id) && now.has(id));
  if (!same(order(before), order(after))) out.push("Slot order (which is drawn on top) changed");
  for (const ratio of COMPOSITION_RATIOS) {
    const moved = after.slots
      .filter((s) => was.has(s.id) && !same(before.boxes[ratio]?.[s.id], after.boxes[ratio]?.[s.id]))
      .map((s) => s.label);
    if (moved.length) out.push(`At ${ratio}: ${moved.join(", ")} moved or resized`);
  }
  return out;
}
