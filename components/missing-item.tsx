import type { LucideIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";

interface IdLine {
  label: string;
  value: string;
}

interface MissingItemProps {
  icon: LucideIcon;
  /** What the id names, in lower case: "video", "client", "test run". */
  noun: string;
  ids: IdLine[];
  back: { label: string; href: string };
  /** Why it might be missing; the default suits the owner's own items. */
  reason?: string;
}

/**
 * The honest detail view while there is no data to load: repeat the id the
 * user asked for and offer the way back to the list.
 */
export function MissingItem({ icon, noun, ids, back, reason }: MissingItemProps) {
  return (
    <div className="space-y-6">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        {ids.map((line) => (
          <div key={line.label} className="flex min-w-0 gap-1.5">
            <dt>{line.label}</dt>
            <dd className="min-w-0 font-mono break-all text-foreground/80">{line.value}</dd>
          </div>
        ))}
      </dl>
      <EmptyState icon={icon} heading={`We couldn't find this ${noun}`} primaryAction={back}>
        {reason ?? "It may have been deleted, or the link may be wrong."}
      </EmptyState>
    </div>
  );
}
