import type { Metadata } from "next";
import { LayoutGrid } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/main";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function MainPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Everything you've made, in one place." />
      <EmptyState
        icon={LayoutGrid}
        heading="Your workspace is empty"
        primaryAction={{ label: "Start creating", href: "/create" }}
        secondaryAction={{ label: "Open assets", href: "/assets" }}
      >
        Videos, images and assets you create will gather here. Pick something to make to get started.
      </EmptyState>
    </>
  );
}
