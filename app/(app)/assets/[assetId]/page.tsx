import type { Metadata } from "next";
import { FolderOpen } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/assets/[assetId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ assetId: string }>;
}

export default async function AssetsDetailPage({ params }: Props) {
  const { assetId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={FolderOpen}
        noun="asset"
        ids={[{ label: "Asset ID", value: assetId }]}
        back={{ label: "Back to assets", href: "/assets" }}
      />
    </>
  );
}
