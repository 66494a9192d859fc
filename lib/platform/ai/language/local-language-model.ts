/**
 * The "Local preview" language model: an in-process AI SDK LanguageModelV3
 * that runs with no key and no network. It is not a language model; each task
 * that uses it (the video writer, the layout generator, staff chat) plugs in a
 * deterministic `respond` that reads the call (prompt, tools, tool results,
 * response format) and answers with text and/or tool calls, so the product's
 * real code paths — tool calling, structured output, streaming — run offline
 * exactly as they do with a provider. Token counts are estimates (words).
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";

export const LOCAL_LANGUAGE_MODEL_ID = "local/preview";

export type LocalToolCall = { toolName: string; input: unknown };
export type LocalAnswer = { text?: string; toolCalls?: LocalToolCall[] };

/** What a task's responder gets: the call, plus the prompt's parts already picked apart. */
export interface LocalCall {
  options: LanguageModelV3CallOptions;
  system: string;
  /** The user's messages' text, oldest first. */
  userTexts: string[];
  /** Tool results so far, oldest first (name → output as JSON or text). */
  toolResults: { toolName: string; output: unknown }[];
  toolNames: string[];
  wantsJson: boolean;
}

export type LocalResponder = (call: LocalCall) => LocalAnswer | Promise<LocalAnswer>;

export function readPrompt(prompt: LanguageModelV3Prompt): Omit<LocalCall, "options" | "toolNames" | "wantsJson"> {
  const system: string[] = [];
  const userTexts: string[] = [];
  const toolResults: { toolName: string; output: unknown }[] = [];
  for (const message of prompt) {
    if (message.role === "system") system.push(message.content);
    else if (message.role === "user") {
      const text = message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
      if (text) userTexts.push(text);
    } else if (message.role === "tool") {
      for (const part of message.content) {
        if (part.type !== "tool-result") continue;
        const out = part.output;
        toolResults.push({
          toolName: part.toolName,
          output: out.type === "json" || out.type === "text" ? out.value : null,
        });
      }
    }
  }
  return { system: system.join("\n"), userTexts, toolResults };
}

const countWords = (s: string) => (s.match(/\S+/g) ?? []).length;

function usageFor(prompt: LanguageModelV3Prompt, output: string): LanguageModelV3Usage {
  const input = countWords(JSON.stringify(prompt));
  const out = countWords(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: out, text: out, reasoning: 0 },
  };
}

let callCounter = 0;

export function createLocalLanguageModel(respond: LocalResponder, modelId = LOCAL_LANGUAGE_MODEL_ID): LanguageModelV3 {
  async function generate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const parsed = readPrompt(options.prompt);
    const toolNames = (options.tools ?? []).map((t) => t.name);
    const answer = await respond({ options, ...parsed, toolNames, wantsJson: options.responseFormat?.type === "json" });
    const content: LanguageModelV3Content[] = [];
    if (answer.text) content.push({ type: "text", text: answer.text });
    for (const call of answer.toolCalls ?? []) {
      content.push({
        type: "tool-call",
        toolCallId: `local-${++callCounter}`,
        toolName: call.toolName,
        input: JSON.stringify(call.input ?? {}),
      });
    }
    const hasCalls = (answer.toolCalls?.length ?? 0) > 0;
    return {
      content,
      finishReason: { unified: hasCalls ? "tool-calls" : "stop", raw: hasCalls ? "tool_calls" : "stop" },
      usage: usageFor(options.prompt, JSON.stringify(content)),
      warnings: [],
      response: { id: `local-${callCounter}`, modelId, timestamp: new Date() },
    };
  }

  return {
    specificationVersion: "v3",
    provider: "local",
    modelId,
    supportedUrls: {},
    doGenerate: generate,
    async doStream(options) {
      const result = await generate(options);
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      for (const [i, part] of result.content.entries()) {
        if (part.type === "text") {
          const id = `t${i}`;
          parts.push({ type: "text-start", id });
          // Word by word, as a provider streams, so the UI's streaming path is exercised.
          for (const piece of part.text.match(/\S+\s*|\s+/g) ?? [])
            parts.push({ type: "text-delta", id, delta: piece });
          parts.push({ type: "text-end", id });
        } else if (part.type === "tool-call") {
          parts.push({ type: "tool-input-start", id: part.toolCallId, toolName: part.toolName });
          parts.push({ type: "tool-input-delta", id: part.toolCallId, delta: part.input });
          parts.push({ type: "tool-input-end", id: part.toolCallId });
          parts.push(part);
        }
      }
      parts.push({ type: "finish", usage: result.usage, finishReason: result.finishReason });
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async pull(controller) {
            const next = parts.shift();
            if (!next) return controller.close();
            if (options.abortSignal?.aborted) return controller.error(options.abortSignal.reason);
            controller.enqueue(next);
            // Yield between parts so a consumer sees a stream, not one burst.
            await new Promise((r) => setTimeout(r, 0));
          },
        }),
      };
    },
  };
}
