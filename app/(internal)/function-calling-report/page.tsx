import type { Metadata } from "next";
import { Braces } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/function-calling-report";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function FunctionCallingReportPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="How models call functions, and how often those calls succeed." />
      <EmptyState
        icon={Braces}
        heading="No function calls recorded yet"
        primaryAction={{ label: "Automated prompts testing", href: "/automated-prompts-testing" }}
      >
        Function calls made by the models will be counted and reported here.
      </EmptyState>
    </>
  );
}
