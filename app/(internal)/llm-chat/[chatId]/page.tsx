import type { Metadata } from "next";

import { ChatScreen } from "@/components/chat/chat-screen";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/llm-chat/[chatId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ chatId: string }>;
}

export default async function LlmChatDetailPage({ params }: Props) {
  const { chatId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <ChatScreen chatId={chatId} />
    </>
  );
}
