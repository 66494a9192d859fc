import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { DesignLayoutOption } from "@/lib/creation/designs/contract";

interface LayoutThumbProps {
  layout: Pick<DesignLayoutOption, "slots" | "boxes" | "name">;
  ratio: CompositionRatio;
  colors: { background: string; accent: string; text: string };
  className?: string;
}

/**
 * A layout drawn from its own boxes at a ratio: pictures as photo blocks,
 * text as lines, shapes in the accent colour. Pure SVG: no Player, no
 * request, so a grid of them costs nothing.
 */
export function LayoutThumb({ layout, ratio, colors, className }: LayoutThumbProps) {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const W = 100;
  const H = (100 * h) / w;
  const boxes = layout.boxes[ratio] ?? {};
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={className} role="img" aria-label={`${layout.name} layout at ${ratio}`}>
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
          return <circle key={slot.id} cx={x + bw / 2} cy={y + bh / 2} r={Math.min(bw, bh) / 3} fill={colors.accent} />;
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
    </svg>
  );
}
