import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { TemplateLibrary } from "@/components/studio/templates/template-library";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/templates";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function TemplatesPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="The templates customers start their designs and videos from. Point at a preview to play it."
      />
      <TemplateLibrary />
    </>
  );
}
