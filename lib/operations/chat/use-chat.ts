"use client";
/**
 * The staff chat's React binding: the AI SDK's own `Chat` and `useChat`
 * (@ai-sdk/react), over its chat engine and DefaultChatTransport. Sending,
 * streaming, stop, regenerate and edit (send with a messageId) are the SDK's.
 */
import { Chat, useChat as useSdkChat } from "@ai-sdk/react";
import type { UIMessage } from "ai";

export { Chat };

/** The chat's messages, status and error, re-rendered as they stream. */
export function useChat<M extends UIMessage>(chat: Chat<M>) {
  return useSdkChat<M>({ chat });
}
