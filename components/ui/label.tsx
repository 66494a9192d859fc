import * as React from "react";

import { cn } from "@/lib/platform/utils";

import { LABEL_CLASSES } from "./form-classes";

/** A native <label>; pair it with a control through `htmlFor` or by nesting. */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label data-slot="label" className={cn(LABEL_CLASSES, className)} {...props} />;
}
