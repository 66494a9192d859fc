import type { Metadata } from "next";
import { ListChecks } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/automated-prompts-testing/[runId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ runId: string }>;
}

export default async function AutomatedPromptsTestingDetailPage({ params }: Props) {
  const { runId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={ListChecks}
        noun="test run"
        ids={[{ label: "Run ID", value: runId }]}
        back={{ label: "Back to test runs", href: "/automated-prompts-testing" }}
      />
    </>
  );
}
