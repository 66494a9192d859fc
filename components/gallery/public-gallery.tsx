"use client";
/**
 * The public preview page's gallery. The page itself is static; the list is
 * read here from GET /api/v1/public/gallery (never cached), so an opt-in, an
 * unshare or a staff hide shows on the next visit.
 */
import { useId, useState } from "react";
import Link from "next/link";
import { Clapperboard, Flag, Image as ImageIcon, Images, Palette } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/common/load-error";
import { PosterGridSkeleton } from "@/components/common/poster-grid-skeleton";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { reportGalleryItem, usePublicGallery } from "@/lib/client/hooks/use-gallery";
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type GalleryItem,
  type ReportReason,
} from "@/lib/creation/gallery/contract";

const KIND = {
  video: { label: "Video", icon: Clapperboard },
  image: { label: "Image", icon: ImageIcon },
  design: { label: "Design", icon: Palette },
} as const;

const GRID = "grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

function ReportForm({ item, onDone }: { item: GalleryItem; onDone(sent: boolean): void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason>("offensive");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reportGalleryItem(item.id, { reason, note });
      onDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2 border-t p-3" aria-label={`Report ${item.title}`}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <select
          id={`${id}-reason`}
          className={INPUT_CLASSES}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={REPORT_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {error ? (
        <ActionErrorPanel error={error} action="The report was not sent" onDismiss={() => setError(null)} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Send report
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function GalleryCard({ item }: { item: GalleryItem }) {
  const kind = KIND[item.kind];
  const KindIcon = kind.icon;
  const [reporting, setReporting] = useState(false);
  const [sent, setSent] = useState(false);
  const title = item.title || `Untitled ${kind.label.toLowerCase()}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <Link
        href={item.href}
        className="group block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex aspect-video items-center justify-center bg-muted">
          {/* eslint-disable-next-line @next/next/no-img-element -- the stable URL redirects to a signed one */}
          <img src={item.poster_url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        </span>
        <span className="block min-w-0 px-3 pt-3">
          <span className="block truncate text-sm font-medium group-hover:underline">{title}</span>
          <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
            <KindIcon aria-hidden="true" className="size-3.5 shrink-0" />
            {kind.label}
          </span>
        </span>
      </Link>
      <div className="mt-auto px-3 pt-1 pb-2">
        {sent ? (
          <p role="status" className="py-1.5 text-xs text-muted-foreground">
            Thank you: our team will look at it.
          </p>
        ) : !reporting ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="-ml-2 text-muted-foreground"
            aria-label={`Report ${title}`}
            onClick={() => setReporting(true)}
          >
            <Flag aria-hidden="true" />
            Report
          </Button>
        ) : null}
      </div>
      {reporting && !sent ? (
        <ReportForm
          item={item}
          onDone={(ok) => {
            setReporting(false);
            setSent(ok);
          }}
        />
      ) : null}
    </li>
  );
}

export function PublicGallery() {
  const { data, error, mutate } = usePublicGallery();
  if (error && !data) {
    return <LoadError title="We couldn't load the gallery" message={error.message} onRetry={() => mutate()} />;
  }
  if (!data) {
    return <PosterGridSkeleton label="Loading the gallery" gridClassName={GRID} />;
  }
  if (data.length === 0) {
    return (
      <EmptyState
        icon={Images}
        heading="The gallery is empty for now"
        headingLevel="h3"
        primaryAction={{ label: "Sign in to start creating", href: "/login" }}
      >
        Work that creators choose to share publicly will appear here.
      </EmptyState>
    );
  }
  return (
    <ul className={GRID}>
      {data.map((item) => (
        <GalleryCard key={item.id} item={item} />
      ))}
    </ul>
  );
}
