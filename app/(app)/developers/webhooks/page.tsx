import type { Metadata } from "next";

import { DeveloperTabs } from "@/components/developers/developer-tabs";
import { WebhooksScreen } from "@/components/developers/webhooks-screen";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/developers/webhooks";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Let your own servers hear when videos, images, designs and batches are done: Promptframe sends them a signed event."
      />
      <DeveloperTabs current="webhooks" />
      <WebhooksScreen />
    </>
  );
}
