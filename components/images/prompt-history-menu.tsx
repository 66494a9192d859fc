"use client";

import { useEffect, useRef, useState } from "react";
import { History } from "lucide-react";

import { Button } from "@/components/ui/button";

interface PromptHistoryMenuProps {
  history: readonly string[];
  onPick(prompt: string): void;
  onClear(): void;
}

/** A disclosure listing recent prompts; Escape closes it and returns focus to its button. */
export function PromptHistoryMenu({ history, onPick, onClear }: PromptHistoryMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (history.length === 0) return null;
  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls="prompt-history"
        onClick={() => setOpen((v) => !v)}
      >
        <History />
        Recent prompts
      </Button>
      {open ? (
        <div
          ref={panelRef}
          id="prompt-history"
          className="absolute right-0 z-20 mt-1 w-[min(28rem,calc(100vw-2rem))] rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <ul className="max-h-72 overflow-y-auto" aria-label="Recent prompts">
            {history.map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-muted"
                  onClick={() => {
                    onPick(prompt);
                    setOpen(false);
                  }}
                >
                  <span className="line-clamp-2">{prompt}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="border-t p-1">
            <Button
              variant="ghost"
              size="sm"
              className="w-full text-muted-foreground"
              onClick={() => {
                onClear();
                setOpen(false);
                buttonRef.current?.focus();
              }}
            >
              Clear history
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
