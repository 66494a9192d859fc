/**
 * The button's classes, apart from the component: pages that must stay light
 * (public viewers, the sign-in screens, the error page) style a plain
 * <button> or <a> with these and skip the Slot and class-merging code the full
 * Button brings. No variant repeats a utility of the base (each size brings its
 * own radius and font size), so these classes are the same with or without
 * tailwind-merge (button-variants.test.ts).
 */
import { cva } from "class-variance-authority";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium transition-[color,background-color,border-color,box-shadow] disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline: "border border-border bg-background shadow-xs hover:bg-muted hover:text-foreground",
        ghost: "hover:bg-muted hover:text-foreground",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 rounded-md px-4 py-2 text-sm",
        sm: "h-8 rounded-md px-3 text-[0.8125rem]",
        lg: "h-11 rounded-lg px-6 text-base",
        icon: "size-9 rounded-md text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
