import type { Metadata } from "next";
import { Boxes } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/generated-layouts/[layoutId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ layoutId: string }>;
}

export default async function GeneratedLayoutsDetailPage({ params }: Props) {
  const { layoutId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Boxes}
        noun="layout"
        ids={[{ label: "Layout ID", value: layoutId }]}
        back={{ label: "Back to generated layouts", href: "/generated-layouts" }}
      />
    </>
  );
}
