"use client";

import * as React from "react";

import { cn } from "@/lib/platform/utils";

interface Option<T extends string> {
  value: T;
  label: React.ReactNode;
  /** Read by screen readers instead of `label` when the label is visual. */
  ariaLabel?: string;
  disabled?: boolean;
}

interface SegmentedChoiceProps<T extends string> {
  /** The group's visible legend. */
  legend: string;
  name: string;
  value: T;
  options: readonly Option<T>[];
  onChange(value: T): void;
  className?: string;
  optionClassName?: string;
}

/**
 * A segmented control built from native radios in a fieldset: arrow keys,
 * form semantics and screen-reader announcements come from the browser.
 */
export function SegmentedChoice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
  optionClassName,
}: SegmentedChoiceProps<T>) {
  return (
    <fieldset className={cn("min-w-0 space-y-2", className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-center justify-center gap-2 rounded-md border bg-background px-3 py-1.5 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              optionClassName,
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-label={option.ariaLabel}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
