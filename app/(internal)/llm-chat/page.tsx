import type { Metadata } from "next";

import { ChatScreen } from "@/components/chat/chat-screen";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/llm-chat";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LlmChatPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Chat with a language model that can look things up in our data, count documents, make an image or draft a layout."
      />
      <ChatScreen chatId={null} />
    </>
  );
}
