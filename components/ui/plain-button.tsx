import * as React from "react";
import type { VariantProps } from "class-variance-authority";

import { buttonVariants } from "./button-variants";

/**
 * <Button> for light screens (the sign-in forms): a native <button> with the
 * same classes, without Slot and tailwind-merge. A className is appended, not
 * merged, so it must not repeat a utility the variant or size already sets
 * (pass `size={null}` and give the size's classes yourself to change one).
 */
export function PlainButton({
  className,
  variant,
  size,
  type,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>) {
  return (
    <button
      data-slot="button"
      // A bare <button> inside a form submits by default; make that opt-in.
      type={type ?? "button"}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
