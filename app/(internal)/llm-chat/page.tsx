import type { Metadata } from "next";
import { MessagesSquare } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/llm-chat";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LlmChatPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Conversations with language models, for trying prompts by hand." />
      <EmptyState
        icon={MessagesSquare}
        heading="No chats yet"
        primaryAction={{ label: "Automated prompts testing", href: "/automated-prompts-testing" }}
      >
        Your conversations with language models will be listed here.
      </EmptyState>
    </>
  );
}
