"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { Download, ExternalLink, Pencil } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { CopyField } from "@/components/ui/copy-field";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { cssRatio } from "@/components/common/format";
import { GallerySwitch } from "@/components/gallery/gallery-switch";
import { shareDesign, useDesign } from "@/lib/client/hooks/use-designs";

/** /content/{id}/share for a design: the exported picture, the public link on/off, and the download. */
export function DesignShare({ id }: { id: string }) {
  const { data: design, error, mutate } = useDesign(id);
  const [origin, setOrigin] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setOrigin(window.location.origin), []);

  if (error && !design) return <ActionErrorPanel error={error} action="We couldn't load this design" />;
  if (!design) return <Skeleton className="h-64 w-full rounded-xl" />;

  const isPublic = design.visibility === "public";
  const files = design.files;
  const toggle = async (next: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await mutate(await shareDesign(id, next), { revalidate: false });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <div className="lg:col-span-5">
        <div
          className="overflow-hidden rounded-xl border bg-muted"
          style={{ aspectRatio: cssRatio(design.aspect_ratio) }}
        >
          {files ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer.
            <img src={files.pages[0]!.url} alt={design.title} className="size-full object-contain" />
          ) : (
            <p className="flex size-full items-center justify-center p-4 text-center text-sm text-muted-foreground">
              Not exported yet
            </p>
          )}
        </div>
      </div>
      <div className="space-y-6 lg:col-span-7">
        <h2 className="text-xl font-semibold tracking-tight">{design.title || "Untitled design"}</h2>
        <ToggleSwitch
          label="Public link"
          checked={isPublic}
          disabled={busy || (!files && !isPublic)}
          onChange={(next) => void toggle(next)}
          description={
            isPublic
              ? "Anyone with the link can see this design. Turn it off to take it down."
              : files
                ? "Only you can see this design. Turn this on to get a link anyone can open."
                : "Export the design first: there is no picture to show yet."
          }
        />
        {failure ? (
          <ActionErrorPanel error={failure} action="Sharing did not change" onDismiss={() => setFailure(null)} />
        ) : null}
        <GallerySwitch id={id} isPublic={isPublic} />
        {isPublic && origin ? <CopyField label="Link" value={`${origin}/content/${id}`} copyLabel="Copy link" /> : null}
        <div className="flex flex-wrap gap-2">
          {files ? (
            <Button asChild variant="secondary" size="sm">
              <a href={files.download_url} download>
                <Download />
                Download {files.format.toUpperCase()}
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link href={`/content/${encodeURIComponent(id)}/edit`}>
              <Pencil />
              Edit the design
            </Link>
          </Button>
          {isPublic ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={`/content/${encodeURIComponent(id)}`}>
                <ExternalLink />
                Open the public page
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
