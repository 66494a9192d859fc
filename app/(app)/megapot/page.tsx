import type { Metadata } from "next";
import { Clapperboard } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/megapot";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function MegapotPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Your Megapot video projects." />
      <EmptyState
        icon={Clapperboard}
        heading="No Megapot projects yet"
        primaryAction={{ label: "Make a video from a prompt", href: "/prompt-to-video" }}
        secondaryAction={{ label: "Make a video from a link", href: "/url-to-video" }}
      >
        Megapot projects you start will be listed here. You can also make a video from a prompt or from a link.
      </EmptyState>
    </>
  );
}
