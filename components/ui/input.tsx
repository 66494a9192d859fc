import * as React from "react";

import { cn } from "@/lib/platform/utils";

import { INPUT_CLASSES } from "./form-classes";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(INPUT_CLASSES, className)} {...props} />;
}
