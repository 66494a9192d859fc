import type { Metadata } from "next";
import { Frame } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/content/[contentId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

export default async function ContentDetailPage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Frame}
        noun="content"
        ids={[{ label: "Content ID", value: contentId }]}
        back={{ label: "Go to Promptframe", href: "/" }}
        reason="The link may be wrong, or the owner may have stopped sharing it."
      />
    </>
  );
}
