import { mediaKey, type MediaPreview, type PageBlock, type PublicBlock } from "@/lib/creation/pages/contract";

/**
 * The editor's blocks as readers will see them, with the owner's signed
 * preview URLs in place of the public ones. Media not available yet (an
 * unrendered video, a deleted picture) is left out, as on the public page; an
 * unfinished heading or button shows what it will say.
 */
export function toPreviewBlocks(
  blocks: readonly PageBlock[],
  media: Readonly<Record<string, MediaPreview>>,
): PublicBlock[] {
  const out: PublicBlock[] = [];
  const picture = (ref: Parameters<typeof mediaKey>[0], alt: string) => {
    const m = media[mediaKey(ref)];
    return m && !m.missing && m.thumbnail_url && m.kind !== "video"
      ? { src: m.thumbnail_url, alt: alt || m.title }
      : null;
  };
  for (const b of blocks) {
    switch (b.type) {
      case "heading":
        if (b.text.trim()) out.push({ id: b.id, type: "heading", text: b.text, level: b.level });
        break;
      case "text":
        if (b.text.trim()) out.push({ id: b.id, type: "text", text: b.text });
        break;
      case "button":
        if (b.label.trim()) out.push({ id: b.id, type: "button", label: b.label, url: b.url || "#" });
        break;
      case "video": {
        const m = media[mediaKey({ content_id: b.content_id })];
        if (m?.video_url)
          out.push({ id: b.id, type: "video", title: m.title, src: m.video_url, poster: m.thumbnail_url });
        else if (m?.thumbnail_url)
          out.push({ id: b.id, type: "image", picture: { src: m.thumbnail_url, alt: m.title } });
        break;
      }
      case "image": {
        const p = picture(b.media, b.alt);
        if (p) out.push({ id: b.id, type: "image", picture: p });
        break;
      }
      case "gallery": {
        const pictures = b.items
          .map((i) => picture(i, ""))
          .filter((p): p is { src: string; alt: string } => p !== null);
        if (pictures.length) out.push({ id: b.id, type: "gallery", pictures });
        break;
      }
    }
  }
  return out;
}
