import type { Metadata } from "next";

import { ApiKeysScreen } from "@/components/developers/api-keys-screen";
import { DeveloperTabs } from "@/components/developers/developer-tabs";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/developers";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function DevelopersPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Drive Promptframe from your own programs and AI assistants: API keys, webhooks and the API reference."
      />
      <DeveloperTabs current="keys" />
      <ApiKeysScreen />
    </>
  );
}
