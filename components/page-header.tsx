import * as React from "react";

import { cn } from "@/lib/platform/utils";

interface PageHeaderProps {
  /** The page's one <h1>; pass `titleFor(pattern)` so it matches the route map. */
  title: string;
  description?: React.ReactNode;
  /** Buttons or links aligned to the right on wide screens. */
  actions?: React.ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn("mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0 space-y-1.5">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {description ? <div className="max-w-2xl text-pretty text-muted-foreground">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
