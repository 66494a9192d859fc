"use client";

import { useEffect, useState } from "react";
import { Check, Copy, Globe, Lock, Share2 } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ImageItem } from "@/lib/media/images/contract";
import { GallerySwitch } from "@/components/gallery/gallery-switch";
import { shareImage, unshareImage } from "@/lib/client/hooks/use-image";

function publicLink(id: string, url: string | null): string {
  const path = url ?? `/content/${encodeURIComponent(id)}`;
  return typeof window === "undefined" ? path : new URL(path, window.location.origin).toString();
}

/** Share makes the image public on /content/{id}; Make private takes the link down again. */
export function SharePanel({
  item,
  onChange,
}: {
  item: ImageItem;
  onChange(visibility: ImageItem["visibility"]): void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const isPublic = item.visibility === "public";

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const run = async (action: "share" | "unshare") => {
    setBusy(true);
    setError(null);
    try {
      const state = action === "share" ? await shareImage(item.id) : await unshareImage(item.id);
      setUrl(state.url);
      onChange(state.visibility);
    } catch (e) {
      setError(e instanceof Error ? e.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  };

  const link = isPublic ? publicLink(item.id, url) : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {!isPublic ? (
          <Button variant="outline" onClick={() => void run("share")} disabled={busy}>
            <Share2 />
            Share
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void run("unshare")} disabled={busy}>
            <Lock />
            Make private
          </Button>
        )}
      </div>
      {link ? (
        <div className="space-y-1.5">
          <label htmlFor="share-link" className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Globe aria-hidden="true" className="size-3.5" />
            Public link: anyone with it can view this image
          </label>
          <div className="flex gap-2">
            <Input
              id="share-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard
                  .writeText(link)
                  .then(() => setCopied(true))
                  .catch(() => setError("Your browser blocked the clipboard; select the link and copy it."));
              }}
            >
              {copied ? <Check /> : <Copy />}
              Copy link
            </Button>
          </div>
          <p role="status" className="text-xs text-success">
            {copied ? "Link copied." : ""}
          </p>
        </div>
      ) : null}
      {item.is_mine ? <GallerySwitch id={item.id} isPublic={isPublic} /> : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{error}</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
