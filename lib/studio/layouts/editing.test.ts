import { starterLayout } from "@/lib/engine/composition/starter";
import { validateLayout } from "@/lib/engine/composition/layout-validation";
import { addSlot, moveWithSnap, moveZ, nudge, removeSlot, resizeWithSnap } from "./editing";

const split = starterLayout("starter-split")!;

describe("slot editing", () => {
  it("snaps a moved box's edges and centre to the canvas and other boxes, with the guide lines", () => {
    const other = { x: 0.5, y: 0.5, w: 0.3, h: 0.2 };
    const { box, guides } = moveWithSnap({ x: 0.1, y: 0.1, w: 0.2, h: 0.1 }, 0.195, 0.005, [other]);
    expect(box.x + box.w).toBeCloseTo(0.5); // right edge onto the other box's left edge
    expect(guides.x).toEqual([0.5]);
    expect(box.y).toBeCloseTo(0.1); // nothing near enough vertically
    expect(guides.y).toEqual([]);
    expect(moveWithSnap({ x: 0.1, y: 0.1, w: 0.2, h: 0.1 }, -0.095, 0, []).box.x).toBe(0);
  });

  it("snaps a resized corner and never makes a box vanish", () => {
    expect(resizeWithSnap({ x: 0.1, y: 0.1, w: 0.3, h: 0.3 }, 0.595, 0, []).box.w).toBeCloseTo(0.9);
    expect(resizeWithSnap({ x: 0.1, y: 0.1, w: 0.3, h: 0.3 }, -1, -1, []).box).toMatchObject({ w: 0.02, h: 0.02 });
    expect(nudge({ x: 0.1, y: 0.1, w: 0.3, h: 0.3 }, 0.005, 0, false)).toEqual({ x: 0.105, y: 0.1, w: 0.3, h: 0.3 });
  });

  it("adds a slot boxed in every ratio and removes it again, leaving a valid layout", () => {
    const { body, id } = addSlot(split, "logo");
    expect(id).toBe("logo-1");
    expect(Object.values(body.boxes).every((b) => b[id])).toBe(true);
    expect(validateLayout(body).filter((i) => i.code === "missing-box")).toEqual([]);
    const back = removeSlot(body, id);
    expect(back.slots).toEqual(split.slots);
    expect(back.boxes).toEqual(split.boxes);
  });

  it("moves a slot up and down the stacking order", () => {
    const body = { ...split, slots: split.slots.map((s, i) => ({ ...s, z: i * 10 })) };
    const first = body.slots[0]!.id;
    const up = moveZ(body, first, "up");
    expect(up.slots[0]!.z).toBe(11);
    expect(moveZ(body, first, "down").slots[0]!.z).toBe(0);
  });
});
