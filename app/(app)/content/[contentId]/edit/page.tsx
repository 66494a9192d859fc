import type { Metadata } from "next";

import { ContentEditor } from "@/components/content/content-editor";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/content/[contentId]/edit";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

/** Every kind of content is edited here; ContentEditor picks the editor by the item's kind. */
export default async function ContentEditPage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Every edit is saved as you go." />
      <ContentEditor id={contentId} />
    </>
  );
}
