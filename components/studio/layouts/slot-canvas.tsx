"use client";
/**
 * The slot editor's canvas: the layout as the renderer draws it, with a
 * box over every slot to drag (move) or pull by its corner (resize), snapped
 * to the canvas edges and centre and the other slots' edges, with the guide
 * lines shown while snapping. Keyboard: a box is a button; arrows move it
 * 0.5 % (Shift: 5 %), Alt + arrows resize it.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Box, LayoutBody } from "@/lib/engine/composition/layout-schema";
import { captionZone } from "@/lib/engine/composition/caption-zone";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { SampleMediaUrls } from "@/lib/studio/layouts/contract";
import { moveWithSnap, nudge, resizeWithSnap, type Guides } from "@/lib/studio/layouts/editing";
import { cn } from "@/lib/platform/utils";
import { LayoutPreview } from "./layout-preview";

interface Props {
  body: LayoutBody;
  ratio: CompositionRatio;
  media: SampleMediaUrls | null;
  long: boolean;
  styleId: string;
  selected: string | null;
  /** Slots with an error in this ratio (outlined red). */
  flagged: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onBox: (id: string, box: Box) => void;
  /** Draw each slot's name tag (off: only the selected slot's, so the content shows). */
  showLabels?: boolean;
}

interface Drag {
  id: string;
  mode: "move" | "resize";
  startX: number;
  startY: number;
  start: Box;
  others: Box[];
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
const STEP = 0.005;

export function SlotCanvas({
  body,
  ratio,
  media,
  long,
  styleId,
  selected,
  flagged,
  onSelect,
  onBox,
  showLabels = true,
}: Props) {
  const frame = useRef<HTMLDivElement | null>(null);
  const drag = useRef<Drag | null>(null);
  const [guides, setGuides] = useState<Guides>({ x: [], y: [] });
  const [said, setSaid] = useState("");
  const boxes = body.boxes[ratio] ?? {};
  // Where burned-in captions go at this ratio (declared or derived), drawn under the slots' handles.
  const zone = useMemo(() => {
    try {
      return captionZone(body, ratio);
    } catch {
      return null;
    }
  }, [body, ratio]);
  const ordered = [...body.slots].sort((a, b) => a.z - b.z);

  function begin(e: PointerEvent<HTMLElement>, id: string, mode: Drag["mode"]) {
    const start = boxes[id];
    if (!start || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    onSelect(id);
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = {
      id,
      mode,
      startX: e.clientX,
      startY: e.clientY,
      start,
      others: Object.entries(boxes)
        .filter(([k]) => k !== id)
        .map(([, b]) => b),
    };
  }

  function move(e: PointerEvent<HTMLElement>) {
    const d = drag.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!d || !rect) return;
    const dx = (e.clientX - d.startX) / rect.width;
    const dy = (e.clientY - d.startY) / rect.height;
    const next =
      d.mode === "move" ? moveWithSnap(d.start, dx, dy, d.others) : resizeWithSnap(d.start, dx, dy, d.others);
    setGuides(next.guides);
    onBox(d.id, next.box);
  }

  function end() {
    drag.current = null;
    setGuides({ x: [], y: [] });
  }

  function key(e: KeyboardEvent<HTMLElement>, id: string, label: string) {
    const b = boxes[id];
    const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!b || !dir) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP * 10 : STEP;
    const next = nudge(b, dir[0]! * step, dir[1]! * step, e.altKey);
    onBox(id, next);
    setSaid(`${label}: x ${pct(next.x)}, y ${pct(next.y)}, width ${pct(next.w)}, height ${pct(next.h)}`);
  }

  return (
    <div className="relative w-full select-none" ref={frame} style={{ aspectRatio: ratio.replace(":", " / ") }}>
      <div className="absolute inset-0 overflow-hidden" aria-hidden="false">
        <LayoutPreview layout={body} ratio={ratio} media={media} long={long} width={540} styleId={styleId} />
      </div>
      <div
        className="absolute inset-0"
        role="group"
        aria-label={`Slots at ${ratio}. Select a slot, then drag it or use the arrow keys (Shift for bigger steps, Alt to resize).`}
      >
        {ordered.map((s) => {
          const b = boxes[s.id];
          if (!b) return null;
          const isSel = selected === s.id;
          return (
            <div
              key={s.id}
              data-slot-id={s.id}
              className={cn(
                "absolute border border-dashed",
                isSel ? "border-2 border-solid border-sky-500" : "border-white/70 mix-blend-difference",
                flagged.has(s.id) && "border-2 border-solid border-red-500 mix-blend-normal",
              )}
              style={{ left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h), zIndex: isSel ? 200 : s.z }}
            >
              <button
                type="button"
                aria-label={`${s.label} (${s.kind})`}
                aria-pressed={isSel}
                className="absolute inset-0 cursor-move touch-none focus-visible:outline-2 focus-visible:outline-sky-500"
                onPointerDown={(e) => begin(e, s.id, "move")}
                onPointerMove={move}
                onPointerUp={end}
                onPointerCancel={end}
                onClick={() => onSelect(s.id)}
                onKeyDown={(e) => key(e, s.id, s.label)}
              >
                {showLabels || isSel ? (
                  <span
                    data-slot-label
                    className="absolute left-0 top-0 bg-sky-500 px-1 text-[10px] leading-4 text-white"
                  >
                    {s.label}
                  </span>
                ) : null}
              </button>
              {isSel ? (
                <span
                  aria-hidden="true"
                  data-resize-handle
                  className="absolute -bottom-1.5 -right-1.5 size-3 cursor-nwse-resize touch-none rounded-sm border border-white bg-sky-500"
                  onPointerDown={(e) => begin(e, s.id, "resize")}
                  onPointerMove={move}
                  onPointerUp={end}
                  onPointerCancel={end}
                />
              ) : null}
            </div>
          );
        })}
        {zone ? (
          <div
            data-caption-zone={zone.clear ? "clear" : "covered"}
            title={zone.clear ? "Captions go here" : "Captions go here, over text: no free band at this ratio"}
            className={cn(
              "pointer-events-none absolute rounded-sm border-2 border-dashed",
              zone.clear ? "border-sky-500/80 bg-sky-500/10" : "border-amber-500/90 bg-amber-500/15",
            )}
            style={{
              left: pct(zone.box.x),
              top: pct(zone.box.y),
              width: pct(zone.box.w),
              height: pct(zone.box.h),
              zIndex: 150,
            }}
          >
            {showLabels ? (
              <span className="absolute bottom-0 left-0 rounded-tr-sm bg-sky-600 px-1 text-[10px] leading-4 text-white">
                Captions
              </span>
            ) : null}
          </div>
        ) : null}
        {guides.x.map((x) => (
          <div
            key={`gx${x}`}
            data-guide="x"
            className="pointer-events-none absolute inset-y-0 w-px bg-fuchsia-500"
            style={{ left: pct(x), zIndex: 300 }}
          />
        ))}
        {guides.y.map((y) => (
          <div
            key={`gy${y}`}
            data-guide="y"
            className="pointer-events-none absolute inset-x-0 h-px bg-fuchsia-500"
            style={{ top: pct(y), zIndex: 300 }}
          />
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
