/** The staff chat's resources (lib/operations/chat/contract.ts): my chats, one chat, the models; and rename/delete. */
import useSWR from "swr";
import { apiFetch, fetcher } from "@/lib/client/api";
import type { ChatModelsView, ChatSummary, ChatView } from "@/lib/operations/chat/contract";

export const CHATS_PATH = "/api/v1/ops/chat/chats";
export const chatPath = (id: string) => `${CHATS_PATH}/${encodeURIComponent(id)}`;
export const chatMessagesPath = (id: string) => `${chatPath(id)}/messages`;

export function useChatList() {
  return useSWR<ChatSummary[]>(CHATS_PATH, fetcher);
}

/** One saved chat; `null` id = a new chat that has nothing to load. */
export function useSavedChat(id: string | null) {
  return useSWR<ChatView>(id ? chatPath(id) : null, fetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
}

export function useChatModels() {
  return useSWR<ChatModelsView>("/api/v1/ops/chat/models", fetcher);
}

export function renameChat(id: string, title: string) {
  return apiFetch<ChatSummary>(chatPath(id), { method: "PATCH", body: { title } });
}

export function deleteChat(id: string) {
  return apiFetch<{ deleted: true }>(chatPath(id), { method: "DELETE" });
}
