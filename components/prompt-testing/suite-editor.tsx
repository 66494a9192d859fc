"use client";

import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { Plus, Save } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import {
  ASSERTION_LABELS,
  PROMPT_KEYS,
  PROMPT_TASKS,
  type PromptKey,
  type SuiteView,
} from "@/lib/operations/prompt-testing/contract";
import { issuesOf } from "@/lib/client/api";
import { createSuite, PROMPTS_PATH, updateSuite } from "@/lib/client/hooks/use-prompt-testing";

const NEW = "__new";
const EXAMPLE_CASES = [
  {
    id: "first-case",
    description: "",
    vars: { input: "Say hello." },
    assertions: [
      { type: "contains", value: "hello" },
      { type: "length", max: 500 },
    ],
  },
];

/**
 * A suite as data: name, prompt and its cases as JSON (inputs and assertions).
 * Saving validates on the server; a broken regex or a missing input comes
 * back naming the case and field, and nothing is saved.
 */
export function SuiteEditor({ suites }: { suites: SuiteView[] }) {
  const { mutate } = useSWRConfig();
  const [id, setId] = useState(suites[0]?.id ?? NEW);
  const suite = suites.find((s) => s.id === id) ?? null;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [promptId, setPromptId] = useState<PromptKey>("chat.system");
  const [cases, setCases] = useState("");
  const [problem, setProblem] = useState<{
    message: string;
    issues: readonly { path: string; message: string }[];
  } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setProblem(null);
    setSaved(null);
    setName(suite?.name ?? "");
    setDescription(suite?.description ?? "");
    setPromptId(suite?.prompt_id ?? "chat.system");
    setCases(JSON.stringify(suite?.cases ?? EXAMPLE_CASES, null, 2));
  }, [id, suite?.revision]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setProblem(null);
    setSaved(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(cases);
    } catch (err) {
      setProblem({ message: `The cases are not valid JSON: ${(err as Error).message}`, issues: [] });
      return;
    }
    setBusy(true);
    try {
      const body = { name, description, prompt_id: promptId, cases: parsed as never };
      const result = suite ? await updateSuite(suite.id, suite.revision, body) : await createSuite(body);
      await mutate(PROMPTS_PATH);
      setId(result.id);
      setSaved(`Saved "${result.name}".`);
    } catch (err) {
      setProblem({ message: (err as Error).message, issues: issuesOf(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-4" aria-label="Suite">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="suite-pick">Suite</Label>
          <select
            id="suite-pick"
            value={id}
            onChange={(e) => setId(e.target.value)}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            {suites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value={NEW}>New suite…</option>
          </select>
        </div>
        {id !== NEW ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setId(NEW)}>
            <Plus aria-hidden /> New suite
          </Button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="suite-name">Name</Label>
          <Input id="suite-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="suite-prompt">Prompt</Label>
          <select
            id="suite-prompt"
            value={promptId}
            onChange={(e) => setPromptId(e.target.value as PromptKey)}
            className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
          >
            {PROMPT_KEYS.map((k) => (
              <option key={k} value={k}>
                {PROMPT_TASKS[k].label} ({k})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="suite-description">Description</Label>
        <Input
          id="suite-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={1000}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="suite-cases">Cases (JSON)</Label>
        <p id="suite-cases-help" className="text-xs text-muted-foreground">
          Each case: an id, its inputs in <code>vars</code> ({PROMPT_TASKS[promptId].inputs.join(", ")} for this prompt,
          plus the prompt&apos;s {"{{variables}}"}) and assertions of type{" "}
          {Object.entries(ASSERTION_LABELS)
            .map(([k, v]) => `${k} (${v.toLowerCase()})`)
            .join(", ")}
          .
        </p>
        <Textarea
          id="suite-cases"
          aria-describedby="suite-cases-help"
          aria-invalid={problem ? true : undefined}
          value={cases}
          onChange={(e) => setCases(e.target.value)}
          rows={14}
          className="font-mono text-xs"
          spellCheck={false}
        />
      </div>
      {problem ? (
        <Alert variant="destructive">
          <AlertTitle>Not saved</AlertTitle>
          <AlertDescription>
            <p>{problem.message}</p>
            {problem.issues.length > 1 ? (
              <ul className="mt-1 list-disc pl-5">
                {problem.issues.slice(0, 8).map((i) => (
                  <li key={`${i.path}-${i.message}`}>
                    <code>{i.path}</code>: {i.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-muted-foreground">
          {saved}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        <Save aria-hidden /> {busy ? "Saving…" : suite ? "Save suite" : "Create suite"}
      </Button>
    </form>
  );
}
