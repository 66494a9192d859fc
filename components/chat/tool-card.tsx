"use client";

import { CircleAlert, CircleCheck, LoaderCircle, Wrench } from "lucide-react";
import { CHAT_TOOL_LABELS } from "@/lib/operations/chat/contract";
import { cn } from "@/lib/platform/utils";

export interface ToolPartView {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  /** What an invalid call sent (the SDK keeps it apart from a valid `input`). */
  rawInput?: unknown;
  output?: unknown;
  errorText?: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** One tool call as a collapsible card: what was asked, what came back or why it failed. */
export function ToolCard({ part }: { part: ToolPartView }) {
  const name = part.type.replace(/^tool-/, "");
  const label = CHAT_TOOL_LABELS[name] ?? name;
  const failed = part.state === "output-error";
  const done = part.state === "output-available";
  const status = failed ? "failed" : done ? "done" : "running";
  const output = part.output as Record<string, unknown> | undefined;
  const link =
    typeof output?.view === "string" ? output.view : typeof output?.review === "string" ? output.review : null;
  return (
    <details
      className={cn("group rounded-lg border bg-card text-sm shadow-xs", failed && "border-destructive/50")}
      data-tool={name}
      data-state={status}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 [&::-webkit-details-marker]:hidden">
        <Wrench className="size-4 text-muted-foreground" aria-hidden />
        <span className="font-medium">{label}</span>
        <code className="text-xs text-muted-foreground">{name}</code>
        <span
          className={cn(
            "ml-auto inline-flex items-center gap-1 text-xs",
            failed ? "text-destructive" : done ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground",
          )}
        >
          {failed ? (
            <CircleAlert className="size-3.5" aria-hidden />
          ) : done ? (
            <CircleCheck className="size-3.5" aria-hidden />
          ) : (
            <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          )}
          {failed ? "Failed" : done ? "Done" : "Running"}
        </span>
      </summary>
      <div className="space-y-2 border-t px-3 py-2">
        <div>
          <div className="text-xs font-medium text-muted-foreground">Arguments</div>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-muted/60 p-2 font-mono text-xs">
            {part.input !== undefined ? json(part.input) : part.rawInput !== undefined ? json(part.rawInput) : "…"}
          </pre>
        </div>
        {failed ? (
          <p role="status" className="text-destructive">
            {part.errorText ?? "The tool failed."}
          </p>
        ) : done ? (
          <div>
            <div className="text-xs font-medium text-muted-foreground">Result</div>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted/60 p-2 font-mono text-xs">
              {json(part.output)}
            </pre>
            {link ? (
              <a href={link} className="mt-1 inline-block text-primary underline underline-offset-2">
                Open
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </details>
  );
}
