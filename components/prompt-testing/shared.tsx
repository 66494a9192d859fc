/** Small pieces the prompt-testing screens share: figures, a progress bar, a state badge, a highlighted template. */
import { Badge } from "@/components/ui/badge";
import { VARIABLE, type RunState } from "@/lib/operations/prompt-testing/contract";

export const rate = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
export const usd = (n: number) => (n === 0 ? "$0" : n < 0.01 ? `$${n.toFixed(5)}` : `$${n.toFixed(3)}`);
export const ms = (n: number | null) =>
  n === null ? "—" : n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`;
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

const STATE_TEXT: Record<RunState, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Finished",
  failed: "Failed",
};
const STATE_VARIANT = { queued: "outline", running: "accent", succeeded: "secondary", failed: "destructive" } as const;

export function RunStateBadge({ state }: { state: RunState }) {
  return <Badge variant={STATE_VARIANT[state]}>{STATE_TEXT[state]}</Badge>;
}

export function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={`${done} of ${total} cells`}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500 motion-reduce:transition-none"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}

/** The template with its `{{variables}}` marked, so they stand out from the words around them. */
/** With `scrollLabel`, a box that scrolls: a named region that takes focus, so a keyboard can scroll it. */
export function HighlightedTemplate({
  text,
  className,
  scrollLabel,
}: {
  text: string;
  className?: string;
  scrollLabel?: string;
}) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(VARIABLE)) {
    if (m.index! > last) parts.push(text.slice(last, m.index));
    parts.push(
      <mark
        key={m.index}
        className="rounded bg-amber-200/70 px-0.5 font-semibold text-amber-950 dark:bg-amber-400/30 dark:text-amber-100"
      >
        {m[0]}
      </mark>,
    );
    last = m.index! + m[0].length;
  }
  parts.push(text.slice(last));
  const scroll = scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {};
  return (
    <pre
      {...scroll}
      className={`whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed ${className ?? ""}`}
    >
      {parts}
    </pre>
  );
}
