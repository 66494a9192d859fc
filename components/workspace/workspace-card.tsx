"use client";

import Link from "next/link";
import { CircleAlert, CircleCheck, FilePen, Globe, LoaderCircle, PencilLine } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useStableUrl } from "@/components/common/use-stable-url";
import { renderPercent } from "@/lib/client/hooks/use-videos";
import { cn } from "@/lib/platform/utils";
import type { WorkspaceItem } from "@/lib/creation/workspace/contract";
import { KIND_LABEL, statusText } from "./kind";

const STATUS_ICON = { draft: FilePen, running: LoaderCircle, ready: CircleCheck, failed: CircleAlert } as const;
const STATUS_VARIANT = { draft: "outline", running: "accent", ready: "secondary", failed: "destructive" } as const;

interface Props {
  item: WorkspaceItem;
  selected: boolean;
  /** shift: the click extends the selection from the last one clicked. */
  onToggle(shift: boolean): void;
}

/** One thing I made: still (lazy), kind, status, progress while it runs, select box and "Continue" on drafts. */
export function WorkspaceCard({ item, selected, onToggle }: Props) {
  const kind = KIND_LABEL[item.kind];
  const KindIcon = kind.icon;
  const StatusIcon = STATUS_ICON[item.status];
  const title = item.title || `Untitled ${kind.one.toLowerCase()}`;
  const thumb = useStableUrl(item.thumbnail_url ?? item.poster_url);
  const percent = renderPercent(item.progress);
  const titleId = `ws-${item.kind}-${item.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-selected={selected || undefined}
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md",
        selected && "ring-2 ring-primary",
      )}
    >
      <div className="relative flex aspect-video items-center justify-center bg-muted">
        {thumb ? (
          // eslint-disable-next-line @next/next/no-img-element -- signed URL; no optimizer in between
          <img src={thumb} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <KindIcon aria-hidden="true" className="size-8 text-muted-foreground/60" />
        )}
        <label className="absolute top-2 left-2 z-10 flex size-8 cursor-pointer items-center justify-center rounded-md bg-background/90 shadow-sm">
          <input
            type="checkbox"
            checked={selected}
            // onClick sees shiftKey (onChange does not); the state follows from it.
            onClick={(e) => onToggle(e.shiftKey)}
            onChange={() => undefined}
            aria-label={`Select ${title}`}
            className="size-4 accent-primary"
          />
        </label>
        <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium shadow-sm">
          <KindIcon aria-hidden="true" className="size-3.5" />
          {kind.one}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 id={titleId} className="line-clamp-2 text-sm font-medium">
          {/* The link covers the card; the checkbox and Continue sit above it. */}
          <Link href={item.href} className="outline-none after:absolute after:inset-0">
            {title}
          </Link>
        </h2>
        {item.excerpt ? <p className="line-clamp-2 text-xs text-muted-foreground">{item.excerpt}</p> : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant={STATUS_VARIANT[item.status]}>
            <StatusIcon
              aria-hidden="true"
              className={item.status === "running" ? "animate-spin motion-reduce:animate-none" : undefined}
            />
            {statusText(item)}
            {item.status === "running" ? <span className="tabular-nums">{percent}%</span> : null}
          </Badge>
          {item.visibility === "public" && item.kind !== "page" ? (
            <span className="inline-flex items-center gap-1">
              <Globe aria-hidden="true" className="size-3" />
              Public
            </span>
          ) : null}
          <time dateTime={item.updated_at} className="ml-auto">
            {new Date(item.updated_at).toLocaleDateString(undefined, { month: "short", day: "numeric" })}
          </time>
        </div>
        {item.status === "running" ? (
          <div
            role="progressbar"
            aria-label={`Progress of ${title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-700"
              style={{ width: `${Math.max(percent, 3)}%` }}
            />
          </div>
        ) : null}
        {item.status === "draft" && item.edit_href ? (
          <Button asChild size="sm" variant="outline" className="relative z-10 self-start">
            <Link href={item.edit_href} aria-label={`Continue ${title}`}>
              <PencilLine aria-hidden="true" />
              Continue
            </Link>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
