/**
 * The alert's classes, apart from the component (which merges a caller's
 * className with tailwind-merge): light screens such as the sign-in forms
 * style a native <div> with these and skip the merging code.
 */
import { cva } from "class-variance-authority";

export const alertVariants = cva("relative w-full rounded-lg border px-4 py-3 text-sm", {
  variants: {
    variant: {
      default: "bg-card text-card-foreground",
      destructive:
        "border-destructive/40 bg-destructive/5 text-destructive [&_[data-slot=alert-description]]:text-destructive/90",
    },
    /** `grid` lays out an icon, AlertTitle and AlertDescription; `block` holds plain text or a list. */
    layout: {
      grid: "grid grid-cols-[0_1fr] items-start gap-y-0.5 has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-px [&>svg]:text-current",
      block: "block",
    },
  },
  defaultVariants: { variant: "default", layout: "grid" },
});

export const ALERT_TITLE_CLASSES = "col-start-2 font-medium tracking-tight";

export const ALERT_DESCRIPTION_CLASSES = "col-start-2 text-sm text-muted-foreground [&_p]:leading-relaxed";
