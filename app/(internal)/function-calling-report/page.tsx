import type { Metadata } from "next";

import { ReportScreen } from "@/components/fc-report/report-screen";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/function-calling-report";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function FunctionCallingReportPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="How models call functions, and how often those calls succeed."
      />
      <ReportScreen />
    </>
  );
}
