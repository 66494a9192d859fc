import "server-only";
/**
 * The rubric grader: the first keyed provider model judges an answer against
 * a rubric (structured output: pass + reason). With no key there is no grader,
 * and rubric assertions are reported as not run — never passed.
 */
import { generateText, Output } from "ai";
import { z } from "zod";
import { defaultLanguageModelId, getLanguageModel } from "@/lib/platform/ai/language/models";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import type { RubricGrader } from "./assertions";

const verdict = z.object({ pass: z.boolean(), reason: z.string().max(900) });

export function keyedGrader(env: Record<string, string | undefined> = process.env): RubricGrader | null {
  const id = defaultLanguageModelId(env);
  if (id === LOCAL_LANGUAGE_MODEL_ID) return null;
  return async ({ rubric, output }) => {
    const model = getLanguageModel(id, { local: () => ({ text: "" }), env });
    const r = await generateText({
      model,
      system:
        "You grade an AI answer against a rubric. Pass it only if it meets every point of the rubric. Give the reason in one or two sentences.",
      prompt: `Rubric:\n${rubric}\n\nAnswer:\n${output.slice(0, 12_000)}`,
      output: Output.object({ schema: verdict, name: "grade" }),
      maxRetries: 1,
    });
    return r.output;
  };
}
