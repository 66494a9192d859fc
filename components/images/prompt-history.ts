/**
 * The generator remembers the last prompts the user ran (localStorage, per
 * browser) so a lost idea is one pick away. Pure list logic plus a storage
 * wrapper that survives private mode, quota errors and hand-edited JSON.
 */
export const PROMPT_HISTORY_KEY = "promptframe.image-gen.prompt-history";
export const PROMPT_HISTORY_LIMIT = 20;

/** Newest first, no duplicates (ignoring surrounding whitespace), at most `limit`. */
export function pushPrompt(history: readonly string[], prompt: string, limit = PROMPT_HISTORY_LIMIT): string[] {
  const clean = prompt.trim();
  if (!clean) return history.slice(0, limit);
  return [clean, ...history.filter((p) => p.trim() !== clean)].slice(0, limit);
}

export function parseHistory(raw: string | null, limit = PROMPT_HISTORY_LIMIT): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((p): p is string => typeof p === "string" && p.trim().length > 0).slice(0, limit);
  } catch {
    return [];
  }
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function loadHistory(storage: StorageLike | null): string[] {
  try {
    return parseHistory(storage?.getItem(PROMPT_HISTORY_KEY) ?? null);
  } catch {
    return [];
  }
}

export function saveHistory(storage: StorageLike | null, history: readonly string[]): void {
  try {
    if (history.length === 0) storage?.removeItem(PROMPT_HISTORY_KEY);
    else storage?.setItem(PROMPT_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage full or disabled: history is a convenience, never an error.
  }
}
