import type { Metadata } from "next";

import { InspirationsGrid } from "@/components/images/inspirations-grid";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/inspirations";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenInspirationsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Curated prompts with the images they make. Try one as is, then make it yours."
      />
      <InspirationsGrid />
    </>
  );
}
