import type { Metadata } from "next";
import { Building2 } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/prod/clients/[clientId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ clientId: string }>;
}

export default async function ProdClientsDetailPage({ params }: Props) {
  const { clientId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Building2}
        noun="client"
        ids={[{ label: "Client ID", value: clientId }]}
        back={{ label: "Back to clients", href: "/prod/clients" }}
      />
    </>
  );
}
