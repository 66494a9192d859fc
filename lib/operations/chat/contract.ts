/**
 * The staff chat's wire contract (browser-safe): what the chat screens send
 * to /api/v1/ops/chat/** and what they get back.
 */
import { z } from "zod";

/** The longest message a person may send (UTF-8 bytes of its text). */
export const MAX_MESSAGE_BYTES = 32 * 1024;
/** The request body cap: one message plus the ids of the conversation. */
export const MAX_CHAT_BODY_BYTES = 64 * 1024;
export const MAX_TITLE_CHARS = 120;

/** Chat and message ids: what the AI SDK generates (16 characters), with room to spare. */
export const CHAT_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const chatIdSchema = z.string().regex(CHAT_ID, "Not a valid chat id.");

export function textBytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

export const tooLongMessage = (bytes: number) =>
  `This message is ${Math.ceil(bytes / 1024)} KB; a chat message can be at most ${MAX_MESSAGE_BYTES / 1024} KB. Shorten it or attach the gist.`;

const textPart = z.object({ type: z.literal("text"), text: z.string() });

/** The one new or edited user message the browser sends (history lives on the server). */
export const outgoingMessageSchema = z.object({
  id: chatIdSchema,
  role: z.literal("user"),
  parts: z.array(textPart).min(1).max(20),
});

export const chatRequestSchema = z.object({
  trigger: z.enum(["submit-message", "regenerate-message"]),
  model_id: z.string().min(1).max(128),
  /** The last message of the browser's conversation: the new or edited user message. */
  message: outgoingMessageSchema,
  /** Ids of the browser's conversation in order (after an edit or regenerate cut it). */
  ids: z.array(chatIdSchema).min(1).max(500),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const renameChatSchema = z.object({
  title: z.string().trim().min(1, "Give the chat a title.").max(MAX_TITLE_CHARS),
});

export interface ChatSummary {
  id: string;
  title: string;
  model_id: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** A stored message in the AI SDK's UIMessage shape. */
export interface StoredUiMessage {
  id: string;
  role: "user" | "assistant" | "system";
  parts: Record<string, unknown>[];
}

export interface ChatView extends ChatSummary {
  messages: StoredUiMessage[];
}

export interface ChatModelView {
  id: string;
  label: string;
  provider: string;
  enabled: boolean;
  note: string | null;
}

export interface ChatModelsView {
  models: ChatModelView[];
  default_model_id: string;
}

/** The tools the chat offers, with the words shown on their cards. */
export const CHAT_TOOL_LABELS: Record<string, string> = {
  lookup_user: "Look up a user",
  lookup_content: "Look up a content item",
  lookup_job: "Look up a job",
  count_content: "Count content",
  count_documents: "Count documents",
  generate_image: "Generate an image",
  draft_layout: "Draft a layout",
};

/** A title from the first message: its first line, cut at a word near 60 characters. */
export function titleFromText(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return "New chat";
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).trim()}…`;
}
