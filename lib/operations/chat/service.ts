import "server-only";
/**
 * Staff chats: list, open, rename, delete, and one turn of conversation. A
 * turn saves the person's message first (so nothing typed is lost if the
 * model fails), streams the answer with the AI SDK's `streamText` as a UI
 * message stream, records every tool call for the function-calling report
 * (feature "chat") and saves the answer when it is complete. Every function
 * checks the chat belongs to the caller.
 */
import {
  convertToModelMessages,
  createIdGenerator,
  stepCountIs,
  streamText,
  type StepResult,
  type UIMessage,
} from "ai";
import { AiError } from "@/lib/platform/ai/errors";
import { callsFromSteps, recordCalls, type CallContext } from "@/lib/platform/ai/calls/record";
import { findLanguageModel, getLanguageModel } from "@/lib/platform/ai/language/models";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { GenerationDeps } from "@/lib/media/images/generation-service";
import { chatMessages, chats, type ChatDoc } from "./collections";
import {
  MAX_MESSAGE_BYTES,
  textBytes,
  titleFromText,
  tooLongMessage,
  type ChatRequest,
  type ChatSummary,
  type ChatView,
  type StoredUiMessage,
} from "./contract";
import { localChatResponder, type LocalChatKnowledge } from "./local-responder";
import { chatTools, collectionNames, declaredFields, safeErrorText, type ChatTools } from "./tools";

export const CHAT_FEATURE = "chat";
const MAX_STEPS = 5;
const BATCH = 400;

export interface ChatDeps {
  db: Db;
  now?: () => Date;
  images?: (() => GenerationDeps) | null;
  onImageAccepted?: () => void;
  env?: Record<string, string | undefined>;
}

const nowOf = (deps: ChatDeps) => (deps.now ?? (() => new Date()))();
const messageDocId = (chatId: string, messageId: string) => `${chatId}.${messageId}`;

function summary(id: string, c: ChatDoc): ChatSummary {
  return {
    id,
    title: c.title,
    model_id: c.model_id,
    message_count: c.message_count,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

async function ownChat(db: Db, uid: string, chatId: string) {
  const snap = await db.collection(chats).doc(chatId).get();
  // Someone else's chat is as absent as a missing one.
  if (!snap || snap.data.owner_id !== uid) return null;
  return snap;
}

async function requireChat(db: Db, uid: string, chatId: string) {
  const snap = await ownChat(db, uid, chatId);
  if (!snap) throw new ApiError("not_found", "There is no such chat, or it is not yours.");
  return snap;
}

export async function listChats(deps: ChatDeps, uid: string, limit = 100): Promise<ChatSummary[]> {
  const rows = await deps.db
    .collection(chats)
    .where("owner_id", "==", uid)
    .orderBy("updated_at", "desc")
    .limit(limit)
    .get();
  return rows.map((r) => summary(r.id, r.data));
}

async function storedMessages(db: Db, uid: string, chatId: string): Promise<StoredUiMessage[]> {
  const rows = await db.collection(chatMessages).where("chat_id", "==", chatId).orderBy("seq").get();
  return rows
    .filter((r) => r.data.owner_id === uid)
    .map((r) => ({ id: r.id.slice(chatId.length + 1), role: r.data.role, parts: r.data.parts }));
}

export async function getChat(deps: ChatDeps, uid: string, chatId: string): Promise<ChatView> {
  const snap = await requireChat(deps.db, uid, chatId);
  return { ...summary(snap.id, snap.data), messages: await storedMessages(deps.db, uid, chatId) };
}

export async function renameChat(deps: ChatDeps, uid: string, chatId: string, title: string): Promise<ChatSummary> {
  const snap = await requireChat(deps.db, uid, chatId);
  const updated = { ...snap.data, title, updated_at: nowOf(deps).toISOString() };
  await deps.db.collection(chats).doc(chatId).set(updated);
  return summary(chatId, updated);
}

export async function deleteChat(deps: ChatDeps, uid: string, chatId: string): Promise<void> {
  await requireChat(deps.db, uid, chatId);
  const rows = await deps.db.collection(chatMessages).where("chat_id", "==", chatId).get();
  // Messages first, the chat last: a failure half way leaves a chat that can be deleted again.
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = deps.db.batch();
    for (const r of rows.slice(i, i + BATCH)) batch.delete(deps.db.collection(chatMessages).doc(r.id));
    await batch.commit();
  }
  await deps.db.collection(chats).doc(chatId).delete();
}

/** Refuses a message over the cap with words a person understands. */
export function assertMessageSize(message: { parts: { text: string }[] }): void {
  const bytes = message.parts.reduce((n, p) => n + textBytes(p.text), 0);
  if (bytes > MAX_MESSAGE_BYTES) throw new ApiError("payload_too_large", tooLongMessage(bytes));
  if (message.parts.every((p) => !p.text.trim())) throw new ApiError("unprocessable_entity", "Write a message first.");
}

/**
 * The conversation this turn continues: the stored messages the browser still
 * holds (an edit or regenerate cut the rest), then the new or edited message.
 * Saves it before any model runs, and the chat itself on its first message.
 */
export async function prepareTurn(
  deps: ChatDeps,
  a: { uid: string; chatId: string; request: ChatRequest },
): Promise<{ history: StoredUiMessage[]; chat: ChatDoc }> {
  const { db } = deps;
  assertMessageSize(a.request.message);
  const existing = await ownChat(db, a.uid, a.chatId);
  if (!existing && (await db.collection(chats).doc(a.chatId).get()))
    throw new ApiError("not_found", "There is no such chat, or it is not yours.");
  const stored = existing ? await storedMessages(db, a.uid, a.chatId) : [];
  const ids = a.request.ids;
  const kept: StoredUiMessage[] = [];
  for (let i = 0; i < ids.length - 1 && i < stored.length && stored[i]!.id === ids[i]; i++) kept.push(stored[i]!);
  if (kept.length !== ids.length - 1)
    throw new ApiError("conflict", "This chat changed in another tab. Reload it to continue.");
  const last = a.request.message;
  if (last.id !== ids[ids.length - 1])
    throw new ApiError("unprocessable_entity", "The message sent is not the conversation's last one.");
  let history: StoredUiMessage[];
  if (a.request.trigger === "regenerate-message") {
    const same = stored[kept.length];
    if (!same || same.id !== last.id || same.role !== "user")
      throw new ApiError("conflict", "There is no answer to regenerate here. Reload the chat.");
    history = [...kept, same];
  } else {
    history = [...kept, { id: last.id, role: "user", parts: last.parts }];
  }
  const at = nowOf(deps).toISOString();
  const chat: ChatDoc = existing
    ? { ...existing.data, model_id: a.request.model_id, message_count: history.length, updated_at: at }
    : {
        owner_id: a.uid,
        title: titleFromText(last.parts.map((p) => p.text).join(" ")),
        model_id: a.request.model_id,
        message_count: history.length,
        created_at: at,
        updated_at: at,
      };
  const stale = stored.slice(kept.length).filter((m) => a.request.trigger === "submit-message" || m.id !== last.id);
  const writes: ((b: ReturnType<Db["batch"]>) => void)[] = stale.map(
    (m) => (b) => b.delete(db.collection(chatMessages).doc(messageDocId(a.chatId, m.id))),
  );
  const newest = history[history.length - 1]!;
  writes.push((b) =>
    b.set(db.collection(chatMessages).doc(messageDocId(a.chatId, newest.id)), {
      chat_id: a.chatId,
      owner_id: a.uid,
      seq: history.length - 1,
      role: newest.role,
      parts: newest.parts,
      created_at: at,
    }),
  );
  writes.push((b) => b.set(db.collection(chats).doc(a.chatId), chat));
  for (let i = 0; i < writes.length; i += BATCH) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + BATCH)) w(batch);
    await batch.commit();
  }
  return { history, chat };
}

/** Saves the finished answer after the conversation it answers. */
export async function saveAnswer(
  deps: ChatDeps,
  a: { uid: string; chatId: string; seq: number; message: UIMessage },
): Promise<void> {
  const { db } = deps;
  const at = nowOf(deps).toISOString();
  const chat = await ownChat(db, a.uid, a.chatId);
  if (!chat) return; // deleted while it answered
  const parts = a.message.parts as unknown as Record<string, unknown>[];
  const batch = db.batch();
  batch.set(db.collection(chatMessages).doc(messageDocId(a.chatId, a.message.id)), {
    chat_id: a.chatId,
    owner_id: a.uid,
    seq: a.seq,
    role: "assistant",
    parts: parts.slice(0, 400),
    created_at: at,
  });
  batch.set(db.collection(chats).doc(a.chatId), { ...chat.data, message_count: a.seq + 1, updated_at: at });
  await batch.commit();
}

export function chatKnowledge(db: Db): LocalChatKnowledge {
  return { collections: collectionNames(db).map((name) => ({ name, fields: declaredFields(db, name) ?? [] })) };
}

export function systemPrompt(db: Db): string {
  return [
    "You are Promptframe's assistant for company staff. Answer in Markdown, briefly.",
    "For facts about our data (users, content, jobs, document counts) call the tools; never invent ids, counts or emails.",
    "Generate an image or draft a layout only when asked to. If no tool fits, answer without one.",
    `Collections you can count: ${collectionNames(db).join(", ")}.`,
  ].join("\n");
}

export function chatModel(deps: ChatDeps, modelId: string) {
  try {
    const entry = findLanguageModel(modelId);
    return {
      entry,
      model: getLanguageModel(modelId, { local: localChatResponder(chatKnowledge(deps.db)), env: deps.env }),
    };
  } catch (e) {
    if (e instanceof AiError) throw new ApiError("unprocessable_entity", e.message);
    throw e;
  }
}

/** One turn: saves the message, streams the answer, records the calls, saves the answer. */
export async function streamChatTurn(
  deps: ChatDeps,
  a: { uid: string; chatId: string; request: ChatRequest; abortSignal?: AbortSignal },
): Promise<Response> {
  const { entry, model } = chatModel(deps, a.request.model_id);
  const { history } = await prepareTurn(deps, a);
  const tools = chatTools({
    db: deps.db,
    uid: a.uid,
    chatId: a.chatId,
    modelId: entry.id,
    now: deps.now ?? (() => new Date()),
    images: deps.images ?? null,
    onImageAccepted: deps.onImageAccepted,
  });
  const ctx: CallContext = {
    feature: CHAT_FEATURE,
    modelId: entry.id,
    provider: entry.provider,
    ownerId: a.uid,
    refId: a.chatId,
  };
  const latencies: number[] = [];
  let stepStart = Date.now();
  let recorded = false;
  const record = async (steps: readonly StepResult<ChatTools>[]) => {
    if (recorded) return;
    recorded = true;
    await recordCalls(deps.db, callsFromSteps(ctx, steps, latencies));
  };
  const messages = await convertToModelMessages(history as unknown as UIMessage[], {
    tools,
    ignoreIncompleteToolCalls: true,
  });
  const result = streamText({
    model,
    system: systemPrompt(deps.db),
    messages,
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: 1,
    abortSignal: a.abortSignal,
    onStepFinish: () => {
      latencies.push(Date.now() - stepStart);
      stepStart = Date.now();
    },
    onFinish: ({ steps }) => record(steps),
    onAbort: ({ steps }) => record(steps),
    onError: ({ error }) => {
      if (!(error instanceof ApiError)) console.error("[chat] stream failed", error);
    },
  });
  return result.toUIMessageStreamResponse({
    originalMessages: history as unknown as UIMessage[],
    generateMessageId: createIdGenerator({ size: 16 }),
    onError: safeErrorText,
    onFinish: async ({ responseMessage, isAborted }) => {
      if (responseMessage.parts.length === 0 && isAborted) return;
      try {
        await saveAnswer(deps, { uid: a.uid, chatId: a.chatId, seq: history.length, message: responseMessage });
      } catch (e) {
        console.error("[chat] could not save the answer", e);
      }
    },
  });
}
