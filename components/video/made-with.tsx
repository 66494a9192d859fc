import { LocalPreviewBadge } from "@/components/images/local-preview-badge";
import type { MadeWithView } from "@/lib/creation/video/contract";

/** "How it was made": the brief and every choice behind the video, with the local-preview notice. */
export function MadeWith({ made }: { made: MadeWithView }) {
  return (
    <section aria-labelledby="made-with-title" className="space-y-3">
      <h2 id="made-with-title" className="text-sm font-semibold">
        How it was made
      </h2>
      {made.notice ? (
        <p role="note" className="rounded-md border border-dashed bg-muted/40 p-2 text-xs text-muted-foreground">
          {made.notice}
        </p>
      ) : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Brief</dt>
        <dd className="break-words whitespace-pre-line">{made.brief || "—"}</dd>
        <dt className="text-muted-foreground">Writer</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {made.model.label}
          {made.model.preview ? <LocalPreviewBadge /> : null}
        </dd>
        <dt className="text-muted-foreground">Template</dt>
        <dd>
          {made.template.name} <span className="text-muted-foreground">(version {made.template.version})</span>
        </dd>
        <dt className="text-muted-foreground">Voice</dt>
        <dd>{made.voice ? made.voice.label : "No narration"}</dd>
        <dt className="text-muted-foreground">Music</dt>
        <dd>{made.music ? made.music.label : "No music"}</dd>
      </dl>
    </section>
  );
}
