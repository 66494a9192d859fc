"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { RATIO_NAMES } from "@/components/common/format";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { createVideo, useVideoOptions } from "@/lib/client/hooks/use-videos";
import { fieldMessages } from "@/lib/client/api";
import { MAX_BRIEF_CHARS } from "@/lib/creation/video/contract";

/** The form inside the dialog: mounted only while open, so the video options are fetched only then. */
function StartVideoForm({ template, onClose }: { template: { id: string; name: string }; onClose(): void }) {
  const id = useId();
  const router = useRouter();
  const options = useVideoOptions();
  const [brief, setBrief] = useState("");
  const [ratio, setRatio] = useState<CompositionRatio>("9:16");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldMessages(error);

  const submit = async () => {
    if (!options.data) return;
    setBusy(true);
    setError(null);
    try {
      const o = options.data;
      const video = await createVideo({
        brief,
        aspect_ratio: ratio,
        length_s: 15,
        template_id: template.id,
        voice_id: o.default_voice_id,
        captions: o.default_voice_id !== null,
        music: true,
        model_id: o.default_model_id,
      });
      router.push(`/content/${encodeURIComponent(video.id)}/edit`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-4 p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
        A video with {template.name}
      </h2>
      <div className="space-y-1">
        <label htmlFor={`${id}-brief`} className="text-sm font-medium">
          What is the video about?
        </label>
        <Textarea
          id={`${id}-brief`}
          required
          rows={4}
          maxLength={MAX_BRIEF_CHARS}
          value={brief}
          onChange={(e) => setBrief(e.target.value)}
          aria-invalid={fields.brief ? true : undefined}
          placeholder="A 15-second teaser for our summer menu: fresh lemonade, grilled corn, open till late."
        />
        {fields.brief ? <p className="text-xs text-destructive">{fields.brief}</p> : null}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Size</legend>
        <div className="flex flex-wrap gap-3">
          {COMPOSITION_RATIOS.map((r) => (
            <label key={r} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name={`${id}-ratio`} checked={ratio === r} onChange={() => setRatio(r)} />
              {r} {RATIO_NAMES[r]}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-muted-foreground">
        You get a 15-second storyboard to edit; nothing is charged until you render it.
      </p>
      {error ? <ActionErrorPanel error={error} action="The video was not created" /> : null}
      {options.error ? <ActionErrorPanel error={options.error} action="We couldn't load the video settings" /> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !options.data || !brief.trim()} aria-busy={busy || undefined}>
          {busy ? "Writing the storyboard…" : "Start the video"}
        </Button>
      </div>
    </form>
  );
}

/** "Video" on a template card: a brief, a size, and a storyboard draft with that template. */
export function StartVideoDialog({
  template,
  onClose,
}: {
  template: { id: string; name: string } | null;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (template && !d.open) d.showModal();
    if (!template && d.open) d.close();
  }, [template]);
  return (
    <dialog
      ref={ref}
      aria-label={template ? `A video with ${template.name}` : "A video"}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/40"
    >
      {template ? <StartVideoForm template={template} onClose={onClose} /> : null}
    </dialog>
  );
}
