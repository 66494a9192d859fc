import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { PromptsScreen } from "@/components/prompt-testing/prompts-screen";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/automated-prompts-testing";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function AutomatedPromptsTestingPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="The product's prompts as versioned data, suites of cases with assertions, and runs across versions and models."
      />
      <PromptsScreen />
    </>
  );
}
