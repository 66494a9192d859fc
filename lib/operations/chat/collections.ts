/**
 * Staff chats (/llm-chat): a chat document per conversation and one document
 * per message (a UI message of the AI SDK: id, role, parts), ordered by `seq`,
 * so a long conversation never approaches Firestore's 1 MB document limit.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);

export const chats = defineCollection({
  name: "chats",
  schema: z.object({
    owner_id: uid,
    title: z.string().trim().min(1).max(120),
    model_id: z.string().min(1).max(128),
    message_count: z.number().int().min(0),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [["owner_id", "updated_at desc"]],
});

export const CHAT_ROLES = ["user", "assistant", "system"] as const;

/** A message's id is `${chat_id}.${message id}`, so one chat can never overwrite another's messages. */
export const CHAT_MESSAGE_DOC_ID = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/;

export const chatMessages = defineCollection({
  name: "chat_messages",
  id: { pattern: CHAT_MESSAGE_DOC_ID, auto: false, description: "`${chat_id}.${message_id}`" },
  schema: z.object({
    chat_id: uid,
    owner_id: uid,
    /** Position in the conversation, from 0. */
    seq: z.number().int().min(0),
    role: z.enum(CHAT_ROLES),
    /** The AI SDK UIMessage parts (text, tool calls with input/output/error, step markers). */
    parts: z.array(z.record(z.string(), z.unknown())).max(400),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
  indexes: [
    ["chat_id", "seq"],
    ["owner_id", "created_at desc"],
  ],
});

export type ChatDoc = DocOf<typeof chats>;
export type ChatMessageDoc = DocOf<typeof chatMessages>;

export const chatCollections: readonly AnyCollectionDef[] = [chats, chatMessages];
