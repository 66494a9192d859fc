import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { ClientList } from "@/components/production/client-list";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/prod/clients";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProdClientsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Production clients: their brand kits, contacts, pipelines, runs and the credits they use."
      />
      <ClientList />
    </>
  );
}
