"use client";

import * as React from "react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/platform/utils";

import { findActiveNav, type NavGroup } from "./nav-model";
import { navIconFor } from "./nav-icons";

interface SidebarNavProps {
  groups: readonly NavGroup[];
  pathname: string;
  /** Called when a link is followed, so the mobile menu can close even on the current page. */
  onNavigate?: () => void;
  className?: string;
}

export function SidebarNav({ groups, pathname, onNavigate, className }: SidebarNavProps) {
  // Two instances exist (desktop sidebar, mobile menu); ids must not collide.
  const idPrefix = React.useId();
  const active = findActiveNav(
    pathname,
    groups.flatMap((g) => g.items.map((i) => i.href)),
  );

  return (
    <nav aria-label="Main" className={cn("flex flex-col gap-6", className)}>
      {groups.map((group) => {
        const labelId = `${idPrefix}-${group.area}`;
        return (
          <div key={group.area} className="flex flex-col gap-1">
            {/* A label, not a heading: the page's <h1> should be the first heading a screen reader meets. */}
            <p
              id={labelId}
              className="flex items-center gap-2 px-3 pb-1 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase"
            >
              {group.label}
              {group.staffOnly ? (
                <Badge variant="outline" className="px-1.5 py-0 text-[0.65rem] tracking-normal normal-case">
                  Staff
                </Badge>
              ) : null}
            </p>
            <ul aria-labelledby={labelId} className="flex flex-col gap-0.5">
              {group.items.map((item) => {
                const Icon = navIconFor(item.href, item.area);
                const isActive = active?.href === item.href;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      // "page" only on the page itself; a section we are inside of is "true".
                      aria-current={isActive ? (active.exact ? "page" : "true") : undefined}
                      className={cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                        isActive
                          ? "bg-sidebar-accent text-sidebar-accent-foreground"
                          : "text-sidebar-foreground/85 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground",
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className={cn("size-4 shrink-0", isActive ? "text-primary" : "opacity-80")}
                      />
                      <span className="truncate">{item.title}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
