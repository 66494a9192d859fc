import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { LayoutLibrary } from "@/components/studio/layouts/layout-library";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layouts";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="The layouts that videos and designs are built from, drawn with sample content."
      />
      <LayoutLibrary />
    </>
  );
}
