import type { Metadata } from "next";

import { DocumentEditor } from "@/components/data-dashboard/document-editor";
import { StaffGalleryPanel } from "@/components/gallery/staff-gallery-panel";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/firestore-dashboard/[collection]/[documentId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ collection: string; documentId: string }>;
}

export default async function FirestoreDashboardDetailPage({ params }: Props) {
  const { collection, documentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <StaffGalleryPanel collection={collection} id={documentId} />
      <DocumentEditor collection={collection} id={documentId} />
    </>
  );
}
