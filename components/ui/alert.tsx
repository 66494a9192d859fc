import * as React from "react";
import type { VariantProps } from "class-variance-authority";

import { cn } from "@/lib/platform/utils";

import { ALERT_DESCRIPTION_CLASSES, ALERT_TITLE_CLASSES, alertVariants } from "./alert-variants";

/**
 * role="alert" makes screen readers announce it as soon as it appears; pass
 * role="status" for information that should not interrupt.
 */
export function Alert({
  className,
  variant,
  layout,
  role = "alert",
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" role={role} className={cn(alertVariants({ variant, layout }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn(ALERT_TITLE_CLASSES, className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-description" className={cn(ALERT_DESCRIPTION_CLASSES, className)} {...props} />;
}
