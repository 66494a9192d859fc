"use client";

import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { Save } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { templateVariables, type PromptSummary } from "@/lib/operations/prompt-testing/contract";
import { createVersion, PROMPTS_PATH, usePrompt } from "@/lib/client/hooks/use-prompt-testing";
import { HighlightedTemplate, when } from "./shared";

/** One prompt: its versions (read-only history) and an editor that saves a new version, which becomes current. */
export function PromptEditor({ prompts }: { prompts: PromptSummary[] }) {
  const { mutate } = useSWRConfig();
  const [key, setKey] = useState(prompts[0]?.id ?? null);
  const prompt = usePrompt(key);
  const [viewing, setViewing] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [notes, setNotes] = useState("");
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = prompt.data?.versions.find((v) => v.version === prompt.data!.current_version) ?? null;

  useEffect(() => {
    if (current) {
      setText(current.text);
      setViewing(current.version);
    }
  }, [current?.version, key]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!prompt.data || !key) return;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await createVersion(key, { text, notes, based_on: prompt.data.current_version });
      await prompt.mutate(saved, { revalidate: false });
      await mutate(PROMPTS_PATH);
      setNotes("");
      setMessage({ kind: "ok", text: `Saved as version ${saved.current_version}; it is now current.` });
    } catch (err) {
      setMessage({ kind: "error", text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const shown = prompt.data?.versions.find((v) => v.version === viewing) ?? null;
  const vars = templateVariables(text);
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Prompts" className="flex flex-col gap-1">
        {prompts.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => {
              setKey(p.id);
              setMessage(null);
            }}
            aria-current={p.id === key ? "true" : undefined}
            className={`rounded-md px-3 py-2 text-left text-sm hover:bg-muted ${p.id === key ? "bg-muted font-medium" : ""}`}
          >
            {p.name}
            <span className="block font-mono text-xs text-muted-foreground">
              {p.id} · v{p.current_version}
            </span>
          </button>
        ))}
      </nav>
      {!prompt.data ? (
        prompt.error ? (
          <p role="alert" className="text-sm text-destructive">
            {prompt.error.message}
          </p>
        ) : (
          <Skeleton className="h-64 w-full" />
        )
      ) : (
        <div className="min-w-0 space-y-5">
          <p className="text-sm text-muted-foreground">{prompt.data.description}</p>
          <div className="space-y-2">
            <h3 className="text-sm font-medium">Versions</h3>
            <div className="flex flex-wrap gap-2" role="group" aria-label="Versions">
              {prompt.data.versions.map((v) => (
                <Button
                  key={v.version}
                  type="button"
                  size="sm"
                  variant={v.version === viewing ? "default" : "outline"}
                  onClick={() => setViewing(v.version)}
                  aria-pressed={v.version === viewing}
                >
                  v{v.version}
                  {v.version === prompt.data!.current_version ? " (current)" : ""}
                </Button>
              ))}
            </div>
            {shown ? (
              <div className="space-y-1.5">
                <p className="text-xs text-muted-foreground">
                  v{shown.version} by {shown.created_by} on {when(shown.created_at)}
                  {shown.notes ? ` — ${shown.notes}` : ""}
                </p>
                <HighlightedTemplate
                  text={shown.text}
                  className="max-h-48 overflow-auto"
                  scrollLabel={`Version ${shown.version}`}
                />
              </div>
            ) : null}
          </div>
          <form onSubmit={save} className="space-y-3" aria-label="New version">
            <div className="space-y-1.5">
              <Label htmlFor="prompt-text">New version (from v{prompt.data.current_version})</Label>
              <Textarea
                id="prompt-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={8}
                className="font-mono text-xs"
              />
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
                Variables:{" "}
                {vars.length
                  ? vars.map((v) => <Badge key={v} variant="outline" className="font-mono">{`{{${v}}}`}</Badge>)
                  : "none"}
                <span>· each case of a suite fills them by name.</span>
              </div>
              <HighlightedTemplate
                text={text}
                className="max-h-40 overflow-auto"
                scrollLabel="New version with its variables marked"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="prompt-notes">What changed</Label>
              <Input
                id="prompt-notes"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                maxLength={500}
                placeholder="e.g. Shorter headlines"
              />
            </div>
            {message ? (
              <Alert
                variant={message.kind === "error" ? "destructive" : "default"}
                role={message.kind === "error" ? "alert" : "status"}
              >
                <AlertDescription>{message.text}</AlertDescription>
              </Alert>
            ) : null}
            <Button type="submit" disabled={busy || text.trim() === current?.text.trim()}>
              <Save aria-hidden /> {busy ? "Saving…" : `Save as v${prompt.data.version_count + 1}`}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
