import { useId } from "react";

import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { DesignLayoutOption } from "@/lib/creation/designs/contract";

interface LayoutThumbProps {
  layout: Pick<DesignLayoutOption, "slots" | "boxes" | "name">;
  ratio: CompositionRatio;
  colors: { background: string; accent: string; text: string };
  className?: string;
  /** The longest side in CSS px; CSS may shrink it (max-width), never to nothing. */
  size?: number;
}

/**
 * A layout drawn from its own boxes at a ratio: pictures as photo blocks,
 * text as lines, shapes in the accent colour. Pure SVG: no Player, no
 * request, so a grid of them costs nothing.
 *
 * It has its own width and height (the longest side `size` px): an SVG with
 * only a viewBox has no intrinsic size, so in a centring flex tile it shrank
 * to its border, a dot. Slots are drawn in their order (later ones on top),
 * clipped to the canvas as the renderer does.
 */
export function LayoutThumb({ layout, ratio, colors, className, size = 96 }: LayoutThumbProps) {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const W = 100;
  const H = (100 * h) / w;
  const boxes = layout.boxes[ratio] ?? {};
  const clip = `thumb-clip${useId().replace(/:/g, "")}`;
  const scale = size / Math.max(w, h);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={Math.round(w * scale)}
      height={Math.round(h * scale)}
      className={className}
      style={{ maxWidth: "100%", height: "auto", aspectRatio: `${w} / ${h}` }}
      role="img"
      aria-label={`${layout.name} layout at ${ratio}`}
      data-testid="layout-thumb"
    >
      <defs>
        <clipPath id={clip}>
          <rect width={W} height={H} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width={W} height={H} fill={colors.background} />
        {layout.slots.map((slot) => {
          const b = boxes[slot.id];
          if (!b) return null;
          const x = b.x * W;
          const y = b.y * H;
          const bw = b.w * W;
          const bh = b.h * H;
          if (slot.kind === "image")
            return <rect key={slot.id} x={x} y={y} width={bw} height={bh} fill="#94a3b8" opacity={0.85} />;
          if (slot.kind === "logo")
            return (
              <circle key={slot.id} cx={x + bw / 2} cy={y + bh / 2} r={Math.min(bw, bh) / 3} fill={colors.accent} />
            );
          if (slot.kind === "shape")
            return <rect key={slot.id} x={x} y={y} width={bw} height={bh} fill={colors.accent} opacity={0.35} />;
          const lines = Math.max(1, Math.min(3, Math.floor(bh / 6)));
          const lh = Math.min(bh / (lines * 1.6), slot.role === "headline" ? 5 : 3);
          return (
            <g
              key={slot.id}
              fill={slot.role === "price" || slot.role === "cta" ? colors.accent : colors.text}
              opacity={0.9}
            >
              {Array.from({ length: lines }, (_, i) => (
                <rect
                  key={i}
                  x={x}
                  y={y + bh / 2 - (lines * lh * 1.6) / 2 + i * lh * 1.6}
                  width={bw * (i === lines - 1 && lines > 1 ? 0.6 : 1)}
                  height={lh}
                  rx={lh / 3}
                />
              ))}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
