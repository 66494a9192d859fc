import type { Metadata } from "next";
import { FlaskConical } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/automated-prompts-testing";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function AutomatedPromptsTestingPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Automated runs that check how prompts perform." />
      <EmptyState
        icon={FlaskConical}
        heading="No test runs yet"
        primaryAction={{ label: "Function calling report", href: "/function-calling-report" }}
      >
        Test runs and their results will be listed here, newest first. The function calling report covers tool use by the models.
      </EmptyState>
    </>
  );
}
