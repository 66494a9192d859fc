import type { Metadata } from "next";
import { Share2 } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/content/[contentId]/share";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

export default async function ContentSharePage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Share2}
        noun="content"
        ids={[{ label: "Content ID", value: contentId }]}
        back={{ label: "Back to videos", href: "/videos" }}
      />
    </>
  );
}
