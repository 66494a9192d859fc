import Link from "next/link";
import type { LucideIcon } from "lucide-react";
import { ArrowRight } from "lucide-react";

import { cn } from "@/lib/platform/utils";

interface LinkCardProps {
  href: string;
  icon: LucideIcon;
  title: string;
  description: string;
  headingLevel?: "h2" | "h3";
  className?: string;
}

/** A whole-card link to a screen: icon, title, one line on what you can do there. */
export function LinkCard({
  href,
  icon: Icon,
  title,
  description,
  headingLevel: Heading = "h2",
  className,
}: LinkCardProps) {
  return (
    <Link
      href={href}
      className={cn(
        "group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:hover:translate-y-0",
        className,
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex flex-1 flex-col gap-1">
        <Heading className="flex items-center gap-1.5 font-semibold tracking-tight">
          {title}
          <ArrowRight
            aria-hidden="true"
            className="size-4 -translate-x-1 opacity-0 transition-[opacity,transform] group-hover:translate-x-0 group-hover:opacity-100 group-focus-visible:translate-x-0 group-focus-visible:opacity-100"
          />
        </Heading>
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
    </Link>
  );
}
