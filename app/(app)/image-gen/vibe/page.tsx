import type { Metadata } from "next";

import { VibeLibrary } from "@/components/images/vibe-library";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/vibe";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenVibePage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Styles and moods that set the look of an image: words added to the prompt, things kept out, and a palette."
      />
      <VibeLibrary />
    </>
  );
}
