import "server-only";
/**
 * The product reading its own prompts: the current version's text of a
 * prompt, when the store has one (staff may have made a newer version on
 * /automated-prompts-testing). Callers fall back to the text in their code
 * when this answers null, so a fresh or unreachable store changes nothing.
 */
import type { Db } from "@/lib/platform/db/db";
import { prompts, promptVersions, versionId } from "./collections";

export async function currentPromptText(db: Db, promptId: string): Promise<string | null> {
  try {
    const prompt = await db.collection(prompts).doc(promptId).get();
    if (!prompt) return null;
    const version = await db.collection(promptVersions).doc(versionId(promptId, prompt.data.current_version)).get();
    return version?.data.text ?? null;
  } catch (e) {
    console.error(`[prompts] could not read the current ${promptId} prompt; using the built-in text`, e);
    return null;
  }
}
