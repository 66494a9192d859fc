import Link from "next/link";

import type { ImageItem } from "@/lib/media/images/contract";
import { LocalPreviewBadge } from "./local-preview-badge";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Every setting the image was made with, so it can be reproduced exactly. */
export function ImageSettingsList({ item, isLocal }: { item: ImageItem; isLocal: boolean }) {
  const s = item.settings;
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: "Prompt", value: <span className="whitespace-pre-wrap">{s.prompt}</span> },
    { label: "Negative prompt", value: s.negative_prompt || "None" },
    { label: "Vibe", value: s.vibe_name ?? (s.vibe_id ? s.vibe_id : "None") },
    { label: "Aspect ratio", value: s.aspect_ratio },
    { label: "Size", value: s.width && s.height ? `${s.width} × ${s.height} px` : "Unknown" },
    { label: "Seed", value: <span className="font-mono">{s.seed}</span> },
    {
      label: "Model",
      value: (
        <span className="inline-flex flex-wrap items-center gap-2">
          {s.model_label}
          {isLocal ? <LocalPreviewBadge /> : null}
        </span>
      ),
    },
  ];
  if (s.source_image_id) {
    rows.push({
      label: "Edited from",
      value: (
        <Link href={`/image-gen/${encodeURIComponent(s.source_image_id)}`} className="text-primary hover:underline">
          Source image
        </Link>
      ),
    });
  }
  const created = new Date(item.created_at);
  if (!Number.isNaN(created.getTime())) rows.push({ label: "Created", value: `${dateFormat.format(created)} UTC` });
  rows.push({ label: "Visibility", value: item.visibility === "public" ? "Public" : "Private" });

  return (
    <dl className="divide-y rounded-lg border text-sm">
      {rows.map((row) => (
        <div key={row.label} className="grid grid-cols-[8.5rem_1fr] gap-3 px-4 py-2.5">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="min-w-0 break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
