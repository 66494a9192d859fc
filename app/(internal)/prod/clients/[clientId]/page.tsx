import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { ClientDetail } from "@/components/production/client-detail";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

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
      <ClientDetail id={clientId} />
    </>
  );
}
