import { cn } from "@/lib/platform/utils";

/** A vibe's colours; the hex values are listed for screen readers as one label. */
export function PaletteSwatches({ colors, size = "md" }: { colors: readonly string[]; size?: "sm" | "md" }) {
  if (colors.length === 0) return null;
  return (
    <span role="img" aria-label={`Palette: ${colors.join(", ")}`} className="inline-flex shrink-0 -space-x-1">
      {colors.map((c, i) => (
        <span
          key={`${c}-${i}`}
          className={cn(
            "rounded-full border-2 border-background ring-1 ring-border",
            size === "sm" ? "size-4" : "size-6",
          )}
          style={{ backgroundColor: c }}
        />
      ))}
    </span>
  );
}
