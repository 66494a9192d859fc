/**
 * Download links for a rendered video's captions: WebVTT (with word timing
 * for players that highlight words) and SRT (phrases, for editors and
 * platforms that take SubRip). Same-origin API links, signed in by cookie.
 */
import { Captions } from "lucide-react";

import { Button } from "@/components/ui/button";

export function CaptionDownloads({ videoId }: { videoId: string }) {
  const base = `/api/v1/videos/${encodeURIComponent(videoId)}/captions`;
  return (
    <>
      <Button asChild variant="outline">
        <a href={`${base}?format=vtt`} download>
          <Captions />
          Captions (WebVTT)
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={`${base}?format=srt`} download>
          <Captions />
          Captions (SRT)
        </a>
      </Button>
    </>
  );
}
