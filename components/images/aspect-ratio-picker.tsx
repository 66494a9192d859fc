"use client";

import { ASPECT_RATIOS, type AspectRatio } from "@/lib/media/images/schema";
import { SegmentedChoice } from "./segmented-choice";

const NAMES: Record<AspectRatio, string> = {
  "1:1": "Square",
  "4:5": "Portrait",
  "3:2": "Photo",
  "16:9": "Wide",
  "9:16": "Tall",
};

/** The ratio drawn to scale inside a 20px box, so the choice is visible before it is read. */
function Shape({ ratio }: { ratio: AspectRatio }) {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const scale = 18 / Math.max(w, h);
  return (
    <span aria-hidden="true" className="flex size-5 items-center justify-center">
      <span className="rounded-[2px] border-[1.5px] border-current" style={{ width: w * scale, height: h * scale }} />
    </span>
  );
}

export function AspectRatioPicker({ value, onChange }: { value: AspectRatio; onChange(value: AspectRatio): void }) {
  return (
    <SegmentedChoice
      legend="Aspect ratio"
      name="aspect-ratio"
      value={value}
      onChange={onChange}
      options={ASPECT_RATIOS.map((ratio) => ({
        value: ratio,
        ariaLabel: `${ratio} ${NAMES[ratio]}`,
        label: (
          <>
            <Shape ratio={ratio} />
            <span className="tabular-nums">{ratio}</span>
          </>
        ),
      }))}
    />
  );
}
