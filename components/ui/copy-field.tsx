"use client";

import { useEffect, useId, useState } from "react";
import { Check, Copy } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's name ("Copy link", "Copy embed code"). */
  copyLabel: string;
  multiline?: boolean;
  /** Lines a multiline value shows (3 by default). */
  rows?: number;
  description?: React.ReactNode;
}

/**
 * Copies `value` on `copy()`: `copied` is true for two seconds after, and
 * `problem` says what to do when the browser blocks the clipboard.
 */
export function useCopy(value: string, what: "text" | "code") {
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = () => {
    setProblem(null);
    navigator.clipboard
      .writeText(value)
      .then(() => setCopied(true))
      .catch(() => setProblem(`Your browser blocked the clipboard; select the ${what} and copy it.`));
  };
  return { copied, problem, copy };
}

/** A read-only value with a copy button and a spoken "Copied". */
export function CopyField({ label, value, copyLabel, multiline, rows = 3, description }: CopyFieldProps) {
  const id = useId();
  const { copied, problem, copy } = useCopy(value, "text");

  const common = {
    id,
    readOnly: true,
    value,
    "aria-describedby": description ? `${id}-desc` : undefined,
    onFocus: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.currentTarget.select(),
    // At least 14rem wide beside the button; on a narrower row (a phone) the button wraps under it.
    className: "min-w-0 flex-[1_1_14rem] font-mono text-xs",
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {description ? (
        <p id={`${id}-desc`} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className={multiline ? "space-y-2" : "flex flex-wrap gap-2"}>
        {multiline ? <Textarea rows={rows} {...common} /> : <Input {...common} />}
        <Button type="button" variant="secondary" onClick={copy}>
          {copied ? <Check /> : <Copy />}
          {copyLabel}
        </Button>
      </div>
      <p role="status" className="text-xs text-success">
        {copied ? "Copied." : ""}
      </p>
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
