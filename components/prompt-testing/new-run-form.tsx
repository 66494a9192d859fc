"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { Play } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { PromptsOverview } from "@/lib/operations/prompt-testing/contract";
import { startRun, usePrompt } from "@/lib/client/hooks/use-prompt-testing";

/** Pick a suite, the prompt versions and the models; the run opens on its own page and fills in as it goes. */
export function NewRunForm({ overview }: { overview: PromptsOverview }) {
  const router = useRouter();
  const [suiteId, setSuiteId] = useState(overview.suites[0]?.id ?? "");
  const suite = overview.suites.find((s) => s.id === suiteId) ?? null;
  const prompt = usePrompt(suite?.prompt_id ?? null);
  const [versions, setVersions] = useState<number[]>([]);
  const [models, setModels] = useState<string[]>(() =>
    overview.models
      .filter((m) => m.enabled)
      .slice(0, 1)
      .map((m) => m.id),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A new suite (or its prompt loading) starts from the prompt's current version.
  useEffect(() => {
    if (prompt.data) setVersions([prompt.data.current_version]);
  }, [prompt.data]);

  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const cells = (suite?.cases.length ?? 0) * versions.length * models.length;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const run = await startRun({ suite_id: suiteId, versions, models });
      router.push(`/automated-prompts-testing/${run.id}`);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  if (overview.suites.length === 0) return <p className="text-sm text-muted-foreground">Create a suite first.</p>;
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Start a run">
      <div className="space-y-1.5">
        <Label htmlFor="run-suite">Suite</Label>
        <select
          id="run-suite"
          value={suiteId}
          onChange={(e) => setSuiteId(e.target.value)}
          className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
        >
          {overview.suites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.cases.length} cases)
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">Prompt versions</legend>
        {prompt.isLoading ? <p className="text-sm text-muted-foreground">Loading versions…</p> : null}
        <div className="flex flex-wrap gap-3">
          {prompt.data?.versions.map((v) => (
            <label key={v.version} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={versions.includes(v.version)}
                onChange={() => setVersions(toggle(versions, v.version))}
              />
              v{v.version}
              {v.version === prompt.data!.current_version ? (
                <span className="text-muted-foreground">(current)</span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">Models</legend>
        <div className="flex flex-col gap-1.5">
          {overview.models.map((m) => (
            <label key={m.id} className="flex items-center gap-1.5 text-sm" title={m.note ?? undefined}>
              <input
                type="checkbox"
                disabled={!m.enabled}
                checked={models.includes(m.id)}
                onChange={() => setModels(toggle(models, m.id))}
              />
              {m.label}
              {!m.enabled ? <span className="text-xs text-muted-foreground">— {m.note}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy || !suite || versions.length === 0 || models.length === 0}>
          <Play aria-hidden /> {busy ? "Starting…" : "Run suite"}
        </Button>
        <span className="text-xs text-muted-foreground">{cells} cells</span>
      </div>
    </form>
  );
}
