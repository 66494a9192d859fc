"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { FilePlus2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { createPage } from "@/lib/client/hooks/use-pages";

/** From a video's share screen: a new page with that video as its first block, opened in the page editor. */
export function MakePageButton({ videoId, title }: { videoId: string; title: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const make = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const page = await createPage({
        title: title.slice(0, 200) || "Untitled page",
        blocks: [{ id: "video", type: "video", content_id: videoId }],
      });
      router.push(`/content/${encodeURIComponent(page.id)}/edit`);
    } catch (e) {
      setProblem((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1">
      <Button variant="outline" onClick={() => void make()} disabled={busy} aria-busy={busy || undefined}>
        <FilePlus2 aria-hidden="true" />
        Make a page with this video
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
