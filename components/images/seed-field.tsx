"use client";

import { useId } from "react";
import { Dices } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_SEED } from "@/lib/media/images/schema";
import { randomSeed } from "./generator-params";

interface SeedFieldProps {
  /** null = random for each run. */
  value: number | null;
  onChange(seed: number | null): void;
  error?: string;
}

/**
 * Random by default; locking keeps a seed so a prompt tweak changes only
 * what the words change. The dice locks a fresh random seed.
 */
export function SeedField({ value, onChange, error }: SeedFieldProps) {
  const id = useId();
  const locked = value !== null;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-seed`} className="text-sm font-medium">
          Seed
        </label>
        <label className="flex items-center gap-2 text-xs text-muted-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={locked}
            onChange={(e) => onChange(e.target.checked ? randomSeed() : null)}
          />
          Lock seed
        </label>
      </div>
      <div className="flex gap-2">
        <Input
          id={`${id}-seed`}
          inputMode="numeric"
          placeholder="Random"
          value={locked ? String(value) : ""}
          disabled={!locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : `${id}-hint`}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, "").slice(0, 10);
            onChange(digits ? Math.min(Number(digits), MAX_SEED) : 0);
          }}
        />
        <Button
          variant="outline"
          size="icon"
          aria-label="Random seed"
          title="Lock a new random seed"
          onClick={() => onChange(randomSeed())}
        >
          <Dices />
        </Button>
      </div>
      {error ? (
        <p id={`${id}-err`} className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {locked
            ? "The same seed and settings give the same image."
            : "A new random seed each run; every image records its own."}
        </p>
      )}
    </div>
  );
}
