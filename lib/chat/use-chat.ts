"use client";
/**
 * `useChat` for React over the AI SDK's own chat engine (`AbstractChat` from
 * "ai"): @ai-sdk/react is not installed here, so this is its small React
 * binding — a ChatState whose changes React reads through
 * useSyncExternalStore. Sending, streaming, stop, regenerate and edit (send
 * with a messageId) are the SDK's; the transport is its DefaultChatTransport.
 */
import { useCallback, useRef, useSyncExternalStore } from "react";
import { AbstractChat, type ChatInit, type ChatState, type ChatStatus, type UIMessage } from "ai";

class ReactChatState<M extends UIMessage> implements ChatState<M> {
  #messages: M[];
  #status: ChatStatus = "ready";
  #error: Error | undefined = undefined;
  readonly listeners = new Set<() => void>();

  constructor(messages: M[] = []) {
    this.#messages = messages;
  }
  #emit() {
    for (const l of this.listeners) l();
  }
  get status() {
    return this.#status;
  }
  set status(s: ChatStatus) {
    this.#status = s;
    this.#emit();
  }
  get error() {
    return this.#error;
  }
  set error(e: Error | undefined) {
    this.#error = e;
    this.#emit();
  }
  get messages() {
    return this.#messages;
  }
  set messages(m: M[]) {
    this.#messages = [...m];
    this.#emit();
  }
  pushMessage = (m: M) => {
    this.#messages = this.#messages.concat(m);
    this.#emit();
  };
  popMessage = () => {
    this.#messages = this.#messages.slice(0, -1);
    this.#emit();
  };
  replaceMessage = (index: number, m: M) => {
    this.#messages = [...this.#messages.slice(0, index), this.snapshot(m), ...this.#messages.slice(index + 1)];
    this.#emit();
  };
  snapshot = <T,>(thing: T): T => structuredClone(thing);
}

export class Chat<M extends UIMessage = UIMessage> extends AbstractChat<M> {
  readonly store: ReactChatState<M>;
  constructor({ messages, ...init }: ChatInit<M>) {
    const state = new ReactChatState<M>(messages);
    super({ ...init, state });
    this.store = state;
  }
  subscribe = (listener: () => void) => {
    this.store.listeners.add(listener);
    return () => void this.store.listeners.delete(listener);
  };
}

interface Snapshot<M> {
  messages: M[];
  status: ChatStatus;
  error: Error | undefined;
}

/** The chat's messages, status and error, re-rendered as they stream. */
export function useChat<M extends UIMessage>(chat: Chat<M>) {
  const last = useRef<Snapshot<M> | null>(null);
  const getSnapshot = useCallback(() => {
    const s = { messages: chat.messages, status: chat.status, error: chat.error };
    const prev = last.current;
    if (prev && prev.messages === s.messages && prev.status === s.status && prev.error === s.error) return prev;
    last.current = s;
    return s;
  }, [chat]);
  const snap = useSyncExternalStore(chat.subscribe, getSnapshot, getSnapshot);
  return {
    ...snap,
    sendMessage: chat.sendMessage,
    regenerate: chat.regenerate,
    stop: chat.stop,
    clearError: chat.clearError,
    setMessages: (messages: M[]) => {
      chat.messages = messages;
    },
  };
}
