import * as React from "react";
import Link from "next/link";
import type { LucideIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";

export interface EmptyStateLink {
  label: string;
  href: string;
}

interface EmptyStateProps {
  icon: LucideIcon;
  heading: string;
  /** One sentence: why it is empty and what to do about it. */
  children: React.ReactNode;
  primaryAction?: EmptyStateLink;
  secondaryAction?: EmptyStateLink;
  /** Extra controls (e.g. a button with a handler) rendered after the links. */
  extra?: React.ReactNode;
  /** Heading level; h2 under a page's h1 unless the state sits deeper. */
  headingLevel?: "h2" | "h3";
  className?: string;
}

/**
 * What a screen shows when it has nothing to show yet. Server-safe (no
 * hooks), so pages render it without shipping JavaScript.
 */
export function EmptyState({
  icon: Icon,
  heading,
  children,
  primaryAction,
  secondaryAction,
  extra,
  headingLevel: Heading = "h2",
  className,
}: EmptyStateProps) {
  const hasActions = primaryAction || secondaryAction || extra;
  return (
    <section
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed bg-card/60 px-6 py-14 text-center sm:py-16",
        className,
      )}
    >
      <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-accent text-accent-foreground ring-8 ring-accent/40">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <Heading className="text-lg font-semibold tracking-tight">{heading}</Heading>
      <p className="mt-2 max-w-md text-sm text-pretty text-muted-foreground">{children}</p>
      {hasActions ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-2">
          {primaryAction ? (
            <Button asChild>
              <Link href={primaryAction.href}>{primaryAction.label}</Link>
            </Button>
          ) : null}
          {secondaryAction ? (
            <Button asChild variant="outline">
              <Link href={secondaryAction.href}>{secondaryAction.label}</Link>
            </Button>
          ) : null}
          {extra}
        </div>
      ) : null}
    </section>
  );
}
