"use client";
/**
 * The live parts of /create, under its static cards: the new-design flow
 * (opened by `?make=design`, prefilled by `&product=`), the template gallery
 * with live previews, and my recent drafts. Everything here loads after the
 * page (client fetches; the Player only when a card is visible).
 */
import { useEffect, useRef, useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

import { ActionErrorPanel } from "@/components/common/action-error-panel";
import type { DesignTemplateOption } from "@/lib/creation/designs/contract";
import { createDesign, useDesignOptions } from "@/lib/client/hooks/use-designs";
import { NewDesignPanel } from "./new-design-panel";
import { RecentDrafts } from "./recent-drafts";
import { StartVideoDialog } from "./start-video-dialog";
import { TemplateGallery } from "./template-gallery";

export function CreateHub() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const make = params.get("make");
  const productId = params.get("product");
  const options = useDesignOptions(productId);
  const [starting, setStarting] = useState<string | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [videoFor, setVideoFor] = useState<DesignTemplateOption | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const open = make === "design";

  useEffect(() => {
    if (open && options.data) panel.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [open, options.data]);

  const startDesign = async (t: DesignTemplateOption) => {
    setStarting(t.id);
    setStartError(null);
    try {
      const design = await createDesign({ template_id: t.id });
      router.push(`/content/${encodeURIComponent(design.id)}/edit`);
    } catch (e) {
      setStartError(e);
      setStarting(null);
    }
  };

  return (
    <div className="mt-10 space-y-10">
      <div ref={panel} className="scroll-mt-4">
        {open && options.data ? (
          <NewDesignPanel
            key={productId ?? ""}
            options={options.data}
            productId={productId}
            onClose={() => router.replace(pathname, { scroll: false })}
          />
        ) : null}
        {open && options.error ? (
          <ActionErrorPanel
            error={options.error}
            action="We couldn't load the templates"
            onDismiss={() => void options.mutate()}
          />
        ) : null}
      </div>
      {startError ? (
        <ActionErrorPanel
          error={startError}
          action="The design was not created"
          onDismiss={() => setStartError(null)}
        />
      ) : null}
      <TemplateGallery
        templates={options.data?.templates}
        loading={!options.data && !options.error}
        starting={starting}
        onDesign={(t) => void startDesign(t)}
        onVideo={setVideoFor}
      />
      <RecentDrafts />
      <StartVideoDialog template={videoFor} onClose={() => setVideoFor(null)} />
    </div>
  );
}
