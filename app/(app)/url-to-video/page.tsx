import type { Metadata } from "next";
import { Link } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/url-to-video";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function UrlToVideoPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Paste a link to a web page, such as a product page or an article, and turn it into a video." />
      <EmptyState
        icon={Link}
        heading="No videos from links yet"
        primaryAction={{ label: "See your videos", href: "/videos" }}
        secondaryAction={{ label: "Start from a prompt instead", href: "/prompt-to-video" }}
      >
        Videos you make from a web page will appear here and in Videos.
      </EmptyState>
    </>
  );
}
