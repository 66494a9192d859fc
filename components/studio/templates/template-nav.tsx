import Link from "next/link";

import { cn } from "@/lib/platform/utils";

const TABS = [
  { suffix: "", label: "Overview" },
  { suffix: "/style-config", label: "Style" },
  { suffix: "/animation", label: "Animation" },
] as const;

/** The template's screens, with the current one marked. */
export function TemplateNav({ id, current }: { id: string; current: "" | "/style-config" | "/animation" }) {
  const base = `/templates-pipeline/${encodeURIComponent(id)}`;
  return (
    <nav aria-label="Template screens" className="mb-6 flex flex-wrap gap-1 border-b">
      {TABS.map((t) => (
        <Link
          key={t.suffix}
          href={`${base}${t.suffix}`}
          aria-current={t.suffix === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm",
            t.suffix === current
              ? "border-primary font-medium"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {t.label}
        </Link>
      ))}
      <Link
        href={`/remotion-test?template=${encodeURIComponent(id)}`}
        className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground"
      >
        Test render
      </Link>
    </nav>
  );
}
