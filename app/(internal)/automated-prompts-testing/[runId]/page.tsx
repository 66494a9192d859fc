import type { Metadata } from "next";
import Link from "next/link";

import { PageHeader } from "@/components/page-header";
import { RunMatrix } from "@/components/prompt-testing/run-matrix";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/automated-prompts-testing/[runId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ runId: string }>;
}

export default async function AutomatedPromptsTestingDetailPage({ params }: Props) {
  const { runId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        actions={
          <Link href="/automated-prompts-testing" className="text-sm underline-offset-4 hover:underline">
            All test runs
          </Link>
        }
      />
      <RunMatrix runId={runId} />
    </>
  );
}
