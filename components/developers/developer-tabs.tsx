import Link from "next/link";

import { cn } from "@/lib/platform/utils";

/** The developer area's pages, in the order the tabs show them. */
export const DEVELOPER_PAGES = [
  { key: "keys", href: "/developers", label: "API keys" },
  { key: "webhooks", href: "/developers/webhooks", label: "Webhooks" },
  { key: "api", href: "/developers/api", label: "API reference" },
] as const;

export type DeveloperPage = (typeof DEVELOPER_PAGES)[number]["key"];

/** Links between the developer pages; the current one is marked for screen readers too. */
export function DeveloperTabs({ current }: { current: DeveloperPage }) {
  return (
    <nav aria-label="Developer pages" className="-mt-4 mb-6 overflow-x-auto border-b">
      <ul className="flex min-w-max gap-1">
        {DEVELOPER_PAGES.map((p) => (
          <li key={p.key}>
            <Link
              href={p.href}
              aria-current={p.key === current ? "page" : undefined}
              className={cn(
                "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                p.key === current
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
