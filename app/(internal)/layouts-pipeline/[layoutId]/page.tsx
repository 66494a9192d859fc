import type { Metadata } from "next";
import { LayoutTemplate } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/layouts-pipeline/[layoutId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ layoutId: string }>;
}

export default async function LayoutsPipelineDetailPage({ params }: Props) {
  const { layoutId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={LayoutTemplate}
        noun="layout"
        ids={[{ label: "Layout ID", value: layoutId }]}
        back={{ label: "Back to layouts", href: "/layouts" }}
      />
    </>
  );
}
