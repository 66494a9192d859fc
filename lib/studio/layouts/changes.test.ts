import { STARTER_LAYOUTS } from "@/lib/engine/composition/starter";
import { layoutChanges } from "./changes";
import { addSlot, setBox, updateSlot } from "./editing";

import type { LayoutBody } from "@/lib/engine/composition/layout-schema";

const { id: _id, ...body } = STARTER_LAYOUTS[0]!;
const base: LayoutBody = body;

it("says nothing changed for the same body", () => {
  expect(layoutChanges(base, structuredClone(base))).toEqual([]);
});

it("names the slots added and removed, the settings changed and the boxes moved, per ratio", () => {
  const first = base.slots[0]!;
  let next = { ...base, name: `${base.name} 2` };
  next = updateSlot(next, first.id, (s) => ({ ...s, label: s.label }));
  expect(layoutChanges(base, next)).toEqual([`Name: “${base.name}” → “${base.name} 2”`]);
  next = setBox(next, "9:16", first.id, { x: 0.11, y: 0.12, w: 0.3, h: 0.2 });
  const added = addSlot(next, "shape");
  const lines = layoutChanges(base, added.body);
  expect(lines).toContain(`Name: “${base.name}” → “${base.name} 2”`);
  expect(lines).toContain(`At 9:16: ${first.label} moved or resized`);
  expect(lines.some((l) => l.startsWith("Slot added: ") && l.endsWith("(shape)"))).toBe(true);
  expect(lines.some((l) => l.startsWith("At 16:9"))).toBe(false);
  const removed = layoutChanges(base, { ...base, slots: base.slots.slice(1) });
  expect(removed).toContain(`Slot removed: ${first.label} (${first.kind})`);
});
