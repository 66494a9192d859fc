"use client";

import { useEffect, useState } from "react";

import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { setGalleryChoice, useGalleryChoice } from "@/lib/client/hooks/use-gallery";
import type { GalleryListing } from "@/lib/creation/gallery/contract";

const LISTING_TEXT: Record<GalleryListing, string> = {
  listed: "Shown in the public gallery. Turn it off to take it out; the public link stays as it is.",
  off: "Not in the public gallery. Sharing a link does not put it there: only this switch does.",
  not_public: "It will appear in the public gallery once its public link is on.",
  not_ready: "It will appear in the public gallery once it is finished.",
  hidden: "Our team has hidden it from the public gallery. Its public link still works.",
};

/**
 * The owner's "Show in the public gallery" choice: a separate consent from the
 * public link, off by default. `isPublic` is the item's link state, so the
 * description follows a share or unshare made beside it.
 */
export function GallerySwitch({ id, isPublic }: { id: string; isPublic: boolean }) {
  const { data, error, mutate } = useGalleryChoice(id);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);

  useEffect(() => {
    void mutate();
  }, [isPublic, mutate]);

  const toggle = async (show: boolean) => {
    setBusy(true);
    setActionError(null);
    try {
      await mutate(await setGalleryChoice(id, show), { revalidate: false });
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(false);
    }
  };

  if (error && !data) return null;
  return (
    <div className="space-y-3">
      <ToggleSwitch
        label="Show in the public gallery"
        description={data ? LISTING_TEXT[data.listing] : "Loading…"}
        checked={Boolean(data?.show)}
        disabled={busy || !data}
        onChange={(next) => void toggle(next)}
      />
      {actionError ? (
        <ActionErrorPanel
          error={actionError}
          action="The gallery choice did not change"
          onDismiss={() => setActionError(null)}
        />
      ) : null}
    </div>
  );
}
