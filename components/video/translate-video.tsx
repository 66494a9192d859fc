"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Languages } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { translateVideo, useVideoOptions, VIDEO_LIST_KEY } from "@/lib/client/hooks/use-videos";
import type { VideoView } from "@/lib/creation/video/contract";
import { compositionLanguage } from "@/lib/creation/video/voice-language";
import { languageLabel } from "@/lib/engine/language/languages";
import { LanguageSelect } from "./language-select";

/**
 * "Language version": pick a language, one click makes a translated draft of
 * this video (its own narration and captions when it renders, the same
 * pictures) and opens it in the editor. Says so when no AI model can translate here.
 */
export function TranslateVideo({ video }: { video: Pick<VideoView, "id" | "composition"> }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const options = useVideoOptions();
  const own = compositionLanguage(video.composition.language);
  const [target, setTarget] = useState(own === "en" ? "es" : "en");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const translate = options.data?.translate;
  const same = target === own;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const version = await translateVideo(video.id, { language: target });
      void mutate(VIDEO_LIST_KEY);
      router.push(`/content/${encodeURIComponent(version.id)}/edit`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`translate-${video.id}`} className="space-y-3 rounded-lg border p-4">
      <h3 id={`translate-${video.id}`} className="flex items-center gap-2 text-sm font-medium">
        <Languages aria-hidden="true" className="size-4" />
        Language version
      </h3>
      <p className="text-xs text-muted-foreground">
        This video is in {languageLabel(own)}. A language version is a new draft with its texts and narration
        translated, a voice of that language and the same pictures; review it, then render it like any video.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow basis-48">
          <LanguageSelect compact label="Translate into" value={target} onChange={setTarget} disabled={busy} />
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void run()}
          disabled={busy || same || !translate?.available}
          aria-busy={busy || undefined}
        >
          <Languages />
          {busy ? "Translating…" : "Translate"}
        </Button>
      </div>
      {translate && !translate.available ? (
        <p className="text-xs text-muted-foreground">
          Translating needs an AI writer model, and none is set up here yet: the Local preview cannot translate.
        </p>
      ) : translate?.model ? (
        <p className="text-xs text-muted-foreground">Translated by {translate.model}.</p>
      ) : null}
      {same ? <p className="text-xs text-muted-foreground">Pick a language other than the video&apos;s own.</p> : null}
      {error ? (
        <ActionErrorPanel error={error} action="The video was not translated" onDismiss={() => setError(null)} />
      ) : null}
    </section>
  );
}
