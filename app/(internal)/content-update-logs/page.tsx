import type { Metadata } from "next";
import { FileClock } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/content-update-logs";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ContentUpdateLogsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="A record of changes made to content." />
      <EmptyState
        icon={FileClock}
        heading="No content updates logged yet"
      >
        Each change to a piece of content will be listed here with what changed and when. Nothing needs your attention.
      </EmptyState>
    </>
  );
}
