"use client";
/**
 * Staff's control over the public gallery, shown in the data dashboard beside
 * a content document or a gallery report: whether the item is listed, its
 * open reports, and "Hide from the public gallery" / "Show it again".
 */
import { useState } from "react";
import Link from "next/link";
import { EyeOff, Eye } from "lucide-react";

import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDocument } from "@/lib/client/hooks/use-data-dashboard";
import { setGalleryHidden, useGalleryStaffState } from "@/lib/client/hooks/use-gallery";
import type { GalleryListing } from "@/lib/creation/gallery/contract";

const LISTING: Record<GalleryListing, string> = {
  listed: "Listed in the public gallery.",
  off: "Not in the public gallery: its owner has not chosen to show it.",
  not_public: "Not listed: its owner chose the gallery but its public link is off.",
  not_ready: "Not listed: it has no finished file to show.",
  hidden: "Hidden from the public gallery by staff.",
};

function Panel({ contentId }: { contentId: string }) {
  const { data, error, mutate } = useGalleryStaffState(contentId);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (error && !data) return null; // not a content item any more (deleted): nothing to control
  if (!data) return <Skeleton className="h-24 w-full rounded-xl" />;
  const run = async (hidden: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await mutate(await setGalleryHidden(contentId, hidden), { revalidate: false });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="gallery-staff-heading" className="mb-6 space-y-3 rounded-xl border bg-card p-4">
      <h2 id="gallery-staff-heading" className="font-semibold tracking-tight">
        Public gallery
      </h2>
      <p className="text-sm" role="status">
        {LISTING[data.listing]}{" "}
        {data.open_reports > 0
          ? `${data.open_reports} open report${data.open_reports === 1 ? "" : "s"}.`
          : "No open reports."}
      </p>
      <div className="flex flex-wrap gap-2">
        {data.hidden ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void run(false)}>
            <Eye aria-hidden="true" />
            Show in the gallery again
          </Button>
        ) : (
          <Button variant="destructive" size="sm" disabled={busy} onClick={() => void run(true)}>
            <EyeOff aria-hidden="true" />
            Hide from the public gallery
          </Button>
        )}
        <Button asChild variant="ghost" size="sm">
          <Link href={`/firestore-dashboard/content/${encodeURIComponent(contentId)}`}>Open the item</Link>
        </Button>
      </div>
      {failure ? (
        <ActionErrorPanel error={failure} action="The gallery did not change" onDismiss={() => setFailure(null)} />
      ) : null}
    </section>
  );
}

function FromReport({ reportId }: { reportId: string }) {
  const { data } = useDocument("gallery_reports", reportId);
  const contentId = typeof data?.data.content_id === "string" ? data.data.content_id : null;
  return contentId ? <Panel contentId={contentId} /> : null;
}

/** Rendered above the document editor; nothing for collections other than content and gallery_reports. */
export function StaffGalleryPanel({ collection, id }: { collection: string; id: string }) {
  if (collection === "content") return <Panel contentId={id} />;
  if (collection === "gallery_reports" && id !== "~new") return <FromReport reportId={id} />;
  return null;
}
