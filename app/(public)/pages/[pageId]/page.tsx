import type { Metadata } from "next";
import { FileText } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/pages/[pageId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ pageId: string }>;
}

export default async function PagesDetailPage({ params }: Props) {
  const { pageId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={FileText}
        noun="page"
        ids={[{ label: "Page ID", value: pageId }]}
        back={{ label: "Go to Promptframe", href: "/" }}
        reason="The link may be wrong, or the owner may have stopped sharing it."
      />
    </>
  );
}
