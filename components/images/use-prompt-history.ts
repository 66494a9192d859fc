"use client";

import { useCallback, useEffect, useState } from "react";
import { loadHistory, pushPrompt, saveHistory } from "./prompt-history";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The last prompts run in this browser; read after mount so server and client render alike. */
export function usePromptHistory() {
  const [history, setHistory] = useState<string[]>([]);
  useEffect(() => setHistory(loadHistory(storage())), []);

  const remember = useCallback((prompt: string) => {
    setHistory((prev) => {
      // Re-read storage so prompts run in another tab are kept too.
      const store = storage();
      const next = pushPrompt(store ? loadHistory(store) : prev, prompt);
      saveHistory(store, next);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    saveHistory(storage(), []);
    setHistory([]);
  }, []);

  return { history, remember, clear };
}
