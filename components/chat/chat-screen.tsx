"use client";
/**
 * The staff chat (/llm-chat, /llm-chat/{chatId}): my chats beside the
 * conversation. Answers stream through the AI SDK's chat engine (useChat over
 * DefaultChatTransport → /api/v1/ops/chat/chats/{id}/messages); the server
 * keeps the history, so the browser sends only the new or edited message.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { DefaultChatTransport, generateId, type UIMessage } from "ai";
import { Check, MessageSquarePlus, Pencil, RotateCcw, Send, Square, Trash2, X } from "lucide-react";
import { mutate } from "swr";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { Markdown } from "@/components/chat/markdown";
import { ToolCard, type ToolPartView } from "@/components/chat/tool-card";
import { MAX_MESSAGE_BYTES, textBytes, tooLongMessage, type ChatModelsView } from "@/lib/operations/chat/contract";
import { Chat, useChat } from "@/lib/operations/chat/use-chat";
import {
  CHATS_PATH,
  chatMessagesPath,
  deleteChat,
  renameChat,
  useChatList,
  useChatModels,
  useSavedChat,
} from "@/lib/client/hooks/use-chats";
import { cn } from "@/lib/platform/utils";

/** The server's `{ error: { message } }` from a failed stream request, else the error's own words. */
export function chatErrorText(error: Error): string {
  try {
    const body = JSON.parse(error.message) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    /* not JSON */
  }
  return error.message || "The answer could not be loaded. Try again.";
}

export function ChatScreen({ chatId }: { chatId: string | null }) {
  const [newId] = useState(() => generateId());
  const saved = useSavedChat(chatId);
  const id = chatId ?? newId;
  let body: React.ReactNode;
  if (chatId && saved.error) {
    body = (
      <div role="alert" className="rounded-lg border p-6 text-sm">
        <p className="font-medium">
          {saved.error.status === 404 ? "This chat does not exist, or it is not yours." : saved.error.message}
        </p>
        <Link href="/llm-chat" className="mt-2 inline-block text-primary underline">
          Start a new chat
        </Link>
      </div>
    );
  } else if (chatId && !saved.data) {
    body = (
      <div aria-busy="true" aria-label="Loading the chat" className="space-y-3">
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-24 w-3/4" />
      </div>
    );
  } else {
    body = (
      <ChatPanel
        key={id}
        id={id}
        title={saved.data?.title ?? null}
        initialModel={saved.data?.model_id ?? null}
        initialMessages={(saved.data?.messages ?? []) as unknown as UIMessage[]}
        isNew={!chatId}
      />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <ChatList currentId={id} />
      <section aria-label="Conversation" className="min-w-0">
        {body}
      </section>
    </div>
  );
}

function ChatList({ currentId }: { currentId: string }) {
  const { data, error, isLoading } = useChatList();
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onRename(e: FormEvent<HTMLFormElement>, id: string) {
    e.preventDefault();
    const title = String(new FormData(e.currentTarget).get("title") ?? "").trim();
    try {
      await renameChat(id, title);
      setEditing(null);
      setProblem(null);
      await mutate(CHATS_PATH);
      await mutate(`${CHATS_PATH}/${id}`);
    } catch (err) {
      setProblem((err as Error).message);
    }
  }
  async function onDelete(id: string) {
    try {
      await deleteChat(id);
      setConfirming(null);
      await mutate(CHATS_PATH);
      if (id === currentId) router.push("/llm-chat");
    } catch (err) {
      setProblem((err as Error).message);
    }
  }

  return (
    <nav aria-label="Chats" className="min-w-0 space-y-3">
      <Button asChild variant="outline" className="w-full justify-start">
        <Link href="/llm-chat">
          <MessageSquarePlus />
          New chat
        </Link>
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {isLoading ? <Skeleton className="h-24 w-full" /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      {data && data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No chats yet. Your conversations are saved here.</p>
      ) : null}
      <ul className="space-y-1">
        {data?.map((c) => (
          <li key={c.id} className={cn("group rounded-md text-sm", c.id === currentId && "bg-muted")}>
            {editing === c.id ? (
              <form onSubmit={(e) => void onRename(e, c.id)} className="flex items-center gap-1 p-1">
                <label className="sr-only" htmlFor={`title-${c.id}`}>
                  Chat title
                </label>
                <input
                  id={`title-${c.id}`}
                  name="title"
                  defaultValue={c.title}
                  maxLength={120}
                  required
                  autoFocus
                  className={cn(INPUT_CLASSES, "h-8")}
                />
                <Button type="submit" size="icon" variant="ghost" aria-label="Save title">
                  <Check />
                </Button>
                <Button size="icon" variant="ghost" aria-label="Cancel renaming" onClick={() => setEditing(null)}>
                  <X />
                </Button>
              </form>
            ) : confirming === c.id ? (
              <div className="flex items-center gap-1 p-2" role="group" aria-label={`Delete ${c.title}?`}>
                <span className="mr-auto">Delete this chat?</span>
                <Button size="sm" variant="destructive" onClick={() => void onDelete(c.id)}>
                  Delete
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                  Keep
                </Button>
              </div>
            ) : (
              <div className="flex items-center">
                <Link
                  href={`/llm-chat/${c.id}`}
                  aria-current={c.id === currentId ? "page" : undefined}
                  className="min-w-0 flex-1 truncate px-2 py-1.5 hover:underline"
                >
                  {c.title}
                </Link>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={`Rename ${c.title}`}
                  onClick={() => setEditing(c.id)}
                >
                  <Pencil />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={`Delete ${c.title}`}
                  onClick={() => setConfirming(c.id)}
                >
                  <Trash2 />
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: ChatModelsView | undefined;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const current = models?.models.find((m) => m.id === value);
  return (
    // max-w-full: a native select is as wide as its longest option; on a phone it must stay inside the screen.
    <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2 text-sm">
      <label htmlFor="chat-model" className="font-medium">
        Model
      </label>
      <select
        id="chat-model"
        className={cn(INPUT_CLASSES, "h-8 w-auto max-w-full min-w-0")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled || !models}
      >
        {models?.models.map((m) => (
          <option key={m.id} value={m.id} disabled={!m.enabled}>
            {m.label}
            {m.enabled ? "" : " (not configured)"}
          </option>
        ))}
      </select>
      {current?.note ? <span className="text-xs text-muted-foreground">{current.note}</span> : null}
    </div>
  );
}

function textOf(m: UIMessage): string {
  return m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
}

function ChatPanel({
  id,
  title,
  initialModel,
  initialMessages,
  isNew,
}: {
  id: string;
  title: string | null;
  initialModel: string | null;
  initialMessages: UIMessage[];
  isNew: boolean;
}) {
  const models = useChatModels();
  const [model, setModel] = useState<string | null>(initialModel);
  const modelId = model ?? models.data?.default_model_id ?? "local/preview";
  const modelRef = useRef(modelId);
  // The latest value for callbacks, kept after each commit (not written during render).
  useEffect(() => {
    modelRef.current = modelId;
  });
  const [chat] = useState(
    // eslint-disable-next-line react-hooks/refs -- modelRef is read when a message is sent, never during render.
    () =>
      new Chat<UIMessage>({
        id,
        messages: initialMessages,
        transport: new DefaultChatTransport({
          api: chatMessagesPath(id),
          headers: () => ({ "x-promptframe-screen": window.location.pathname }),
          prepareSendMessagesRequest: ({ messages, trigger }) => {
            const last = messages[messages.length - 1]!;
            return {
              body: {
                trigger,
                model_id: modelRef.current,
                message: {
                  id: last.id,
                  role: "user",
                  parts: last.parts
                    .filter((p) => p.type === "text")
                    .map((p) => ({ type: "text", text: (p as { text: string }).text })),
                },
                ids: messages.map((m) => m.id),
              },
            };
          },
        }),
        onFinish: () => void mutate(CHATS_PATH),
      }),
  );
  const { messages, status, error, sendMessage, regenerate, stop, clearError } = useChat(chat);
  const [draft, setDraft] = useState("");
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [tooLong, setTooLong] = useState<string | null>(null);
  const busy = status === "submitted" || status === "streaming";
  const endRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages]);

  function check(text: string): boolean {
    const bytes = textBytes(text);
    if (bytes > MAX_MESSAGE_BYTES) {
      setTooLong(tooLongMessage(bytes));
      return false;
    }
    setTooLong(null);
    return text.trim().length > 0;
  }

  function send(e?: FormEvent) {
    e?.preventDefault();
    if (busy || !check(draft)) return;
    if (isNew && messages.length === 0) window.history.replaceState(null, "", `/llm-chat/${id}`);
    clearError();
    void sendMessage({ text: draft });
    setDraft("");
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
  }

  function saveEdit(e: FormEvent) {
    e.preventDefault();
    if (!editing || busy || !check(editing.text)) return;
    clearError();
    void sendMessage({ text: editing.text, messageId: editing.id });
    setEditing(null);
  }

  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant");

  return (
    <div className="flex min-h-[60vh] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b pb-3">
        <h2 className="min-w-0 truncate text-lg font-semibold">
          {title ?? (messages.length ? textOf(messages[0]!).slice(0, 60) : "New chat")}
        </h2>
        <ModelPicker models={models.data} value={modelId} onChange={setModel} disabled={busy} />
      </div>

      <ol ref={endRef} aria-label="Messages" aria-live="polite" aria-busy={busy} className="flex-1 space-y-4">
        {messages.length === 0 ? (
          <li className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
            Ask about our data — <em>How many content documents have status ready?</em>,{" "}
            <em>Look up user staff@promptframe.ai</em> — or ask for an image or a layout draft. Tool calls show as cards
            you can open.
          </li>
        ) : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={cn("flex flex-col gap-2", m.role === "user" ? "items-end" : "items-start")}
            data-role={m.role}
          >
            <span className="sr-only">{m.role === "user" ? "You said:" : "Assistant:"}</span>
            {m.role === "user" && editing?.id === m.id ? (
              <form onSubmit={saveEdit} className="w-full max-w-2xl space-y-2">
                <label htmlFor={`edit-${m.id}`} className="sr-only">
                  Edit your message
                </label>
                <Textarea
                  id={`edit-${m.id}`}
                  value={editing.text}
                  onChange={(e) => setEditing({ id: m.id, text: e.target.value })}
                  rows={3}
                  autoFocus
                />
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                  <Button type="submit" size="sm">
                    Save and send
                  </Button>
                </div>
              </form>
            ) : m.role === "user" ? (
              <>
                <div className="max-w-2xl rounded-2xl bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
                  {textOf(m)}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => setEditing({ id: m.id, text: textOf(m) })}
                  aria-label="Edit message"
                >
                  <Pencil />
                  Edit
                </Button>
              </>
            ) : (
              <div className="w-full max-w-3xl space-y-2">
                {m.parts.map((p, i) =>
                  p.type === "text" ? (
                    <Markdown key={i} text={p.text} />
                  ) : p.type.startsWith("tool-") ? (
                    <ToolCard key={i} part={p as unknown as ToolPartView} />
                  ) : null,
                )}
                {m.id === lastAssistant?.id && !busy ? (
                  <Button variant="ghost" size="sm" onClick={() => void regenerate({ messageId: m.id })}>
                    <RotateCcw />
                    Regenerate
                  </Button>
                ) : null}
              </div>
            )}
          </li>
        ))}
        {status === "submitted" ? <li className="text-sm text-muted-foreground">Thinking…</li> : null}
      </ol>

      {error ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {chatErrorText(error)}
        </div>
      ) : null}
      {tooLong ? (
        <p role="alert" className="text-sm text-destructive">
          {tooLong}
        </p>
      ) : null}

      <form
        onSubmit={send}
        className="sticky bottom-0 flex items-end gap-2 border-t bg-background pt-3"
        aria-label="Send a message"
      >
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <Textarea
          id="chat-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          rows={2}
          placeholder="Ask something… (Enter to send, Shift+Enter for a new line)"
          className="min-h-[3rem] flex-1"
        />
        {busy ? (
          <Button onClick={() => void stop()} variant="outline">
            <Square />
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={!draft.trim()}>
            <Send />
            Send
          </Button>
        )}
      </form>
    </div>
  );
}
