"use client";

import { useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from "react";
import { Check, Copy, Download } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/components/ui/copy-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/platform/utils";

import type { FieldView, OperationView, TagView } from "./api-reference-model";

const SCOPE_WORDS: Record<string, string> = {
  read: "Read",
  create: "Create",
  render: "Render",
  delete: "Delete",
};

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  POST: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  PATCH: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
};

const noSubscribe = () => () => {};

/** The site's own origin in the browser ("" while rendering on the server). */
function useOrigin(): string {
  return useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
}

function curlExample(op: OperationView, origin: string): string {
  const url = `${origin}${op.examplePath}${op.exampleQuery ? `?${op.exampleQuery}` : ""}`;
  const lines = [`curl -X ${op.method} "${url}"`, `  -H "Authorization: Bearer $PROMPTFRAME_API_KEY"`];
  if (op.bodyType === "application/json") {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(op.exampleBody ?? {}).replaceAll("'", "'\\''")}'`);
  } else if (op.bodyType) {
    lines.push(`  -H "Content-Type: ${op.bodyType}"`, `  --data-binary @your-file`);
  }
  if (op.success.some((s) => s.type && !s.type.includes("json"))) lines.push(`  -o result.bin`);
  if (op.success.some((s) => s.status.startsWith("3"))) lines.push("  -L");
  return lines.join(" \\\n");
}

function fetchExample(op: OperationView, origin: string): string {
  const url = `${origin}${op.examplePath}${op.exampleQuery ? `?${op.exampleQuery}` : ""}`;
  const headers = ["    Authorization: `Bearer ${process.env.PROMPTFRAME_API_KEY}`,"];
  let body = "";
  if (op.bodyType === "application/json") {
    headers.push(`    "Content-Type": "application/json",`);
    const json = JSON.stringify(op.exampleBody ?? {}, null, 2).replaceAll("\n", "\n  ");
    body = `  body: JSON.stringify(${json}),\n`;
  } else if (op.bodyType) {
    headers.push(`    "Content-Type": "${op.bodyType}",`);
    body = `  body: await readFile("your-file"),\n`;
  }
  const json = op.success.some((s) => s.type === "application/json");
  const file = op.success.some((s) => s.type && s.type !== "application/json");
  const read = json
    ? `const { data } = await res.json();`
    : file
      ? `const file = new Uint8Array(await res.arrayBuffer());`
      : `// ${op.success[0]?.status ?? "2xx"}: ${op.success[0]?.description ?? "done"}`;
  return [
    `const res = await fetch("${url}", {`,
    `  method: "${op.method}",`,
    `  headers: {`,
    ...headers,
    `  },`,
    ...(body ? [body.trimEnd()] : []),
    `});`,
    `if (!res.ok) throw new Error((await res.json()).error.message);`,
    read,
  ].join("\n");
}

function wordsOf(query: string): string[] {
  return query.trim().toLowerCase().split(" ").filter(Boolean);
}

function matches(op: OperationView, tag: string, words: string[]): boolean {
  if (words.length === 0) return true;
  const text = `${tag} ${op.method} ${op.path} ${op.summary} ${op.description} ${op.scope}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The operations of the public API, grouped by tag, searchable, each with copyable examples. */
export function ApiReference({ tags }: { tags: TagView[] }) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const origin = useOrigin();
  const words = wordsOf(deferred);
  const shown = useMemo(() => {
    const w = wordsOf(deferred);
    return tags
      .map((t) => ({ ...t, operations: t.operations.filter((op) => matches(op, t.name, w)) }))
      .filter((t) => t.operations.length > 0);
  }, [tags, deferred]);
  const count = shown.reduce((n, t) => n + t.operations.length, 0);

  return (
    <div className="min-w-0 space-y-6">
      <section aria-labelledby="api-start" className="space-y-2 rounded-lg border p-4 text-sm">
        <h2 id="api-start" className="text-base font-semibold">
          Getting started
        </h2>
        <p>
          Send your API key in the <code className="break-all">Authorization: Bearer</code> header of every request.
          Each key holds permissions (read, create, render, delete); each call below says which one it needs. Answers
          are JSON with a <code>data</code> field; errors are <code>{"{ error: { code, message } }"}</code>.
        </p>
        <p>
          <a
            href="/api/v1/openapi.json"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            <Download className="size-4" aria-hidden />
            The OpenAPI document (JSON)
          </a>{" "}
          for code generators and API tools.
        </p>
      </section>

      <div className="space-y-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search the API
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="videos render, upload, DELETE…"
          aria-describedby={`${searchId}-count`}
        />
        <p id={`${searchId}-count`} role="status" className="text-xs text-muted-foreground">
          {count === 1 ? "1 call" : `${count} calls`}
          {words.length ? ` match “${deferred.trim()}”` : ""}
        </p>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No call matches “{deferred.trim()}”. Try another word.
        </p>
      ) : (
        shown.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${slug(tag.name)}`} className="space-y-2">
            <div>
              <h2 id={`tag-${slug(tag.name)}`} className="text-lg font-semibold">
                {tag.name}
              </h2>
              {tag.description ? <p className="text-sm text-muted-foreground">{tag.description}</p> : null}
            </div>
            <ul className="space-y-2">
              {tag.operations.map((op) => (
                <li key={op.id}>
                  <OperationCard op={op} origin={origin} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replaceAll(" ", "-");
}

function OperationCard({ op, origin }: { op: OperationView; origin: string }) {
  return (
    <details className="group min-w-0 rounded-lg border" data-operation={op.id}>
      <summary className="flex min-w-0 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <span
          className={cn(
            "w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold",
            METHOD_COLOURS[op.method],
          )}
        >
          {op.method}
        </span>
        <code className="min-w-0 break-all text-sm">{op.path}</code>
        <span className="min-w-0 flex-1 basis-48 text-sm text-muted-foreground">{op.summary}</span>
        <Badge variant="outline" title="The permission an API key needs">
          {SCOPE_WORDS[op.scope] ?? op.scope}
        </Badge>
      </summary>
      <div className="min-w-0 space-y-4 border-t p-3 text-sm">
        <Description text={op.description} />
        {op.params.length > 0 ? <Fields title="Parameters" fields={op.params} /> : null}
        {op.bodyType && op.bodyType !== "application/json" ? (
          <p>
            <span className="font-medium">Request body:</span> the file&apos;s bytes ({op.bodyType}).
          </p>
        ) : null}
        {op.bodyFields.length > 0 ? <Fields title="Request body (JSON)" fields={op.bodyFields} /> : null}
        <div className="space-y-1">
          <h3 className="font-medium">Answers</h3>
          <ul className="space-y-0.5">
            {op.success.map((s, i) => (
              <li key={`${s.status}-${i}`}>
                <span className="font-mono">{s.status}</span> {s.description}
                {s.type && s.type !== "application/json" ? ` (${s.type})` : ""}
              </li>
            ))}
            <li className="text-muted-foreground">
              Errors: {op.errors.map((e) => e.status).join(", ")}, each as <code>{"{ error: { code, message } }"}</code>
              .
            </li>
          </ul>
        </div>
        {op.responseFields.length > 0 ? <Fields title="Response data" fields={op.responseFields} /> : null}
        <CodeExample title="curl" code={curlExample(op, origin)} label={`Copy curl example for ${op.summary}`} />
        <CodeExample
          title="TypeScript (fetch)"
          code={fetchExample(op, origin)}
          label={`Copy TypeScript example for ${op.summary}`}
        />
      </div>
    </details>
  );
}

/** The description's sentences, with `code` and **bold** shown as such. */
function Description({ text }: { text: string }) {
  return (
    <div className="space-y-1">
      {text.split("\n\n").map((para, i) => (
        <p key={i}>
          {para.split(/(`[^`]*`|\*\*[^*]*\*\*)/).map((part, j) =>
            part.startsWith("`") ? (
              <code key={j} className="[overflow-wrap:anywhere]">
                {part.slice(1, -1)}
              </code>
            ) : part.startsWith("**") ? (
              <strong key={j}>{part.slice(2, -2)}</strong>
            ) : (
              part
            ),
          )}
        </p>
      ))}
    </div>
  );
}

function Fields({ title, fields }: { title: string; fields: (FieldView & { in?: string })[] }) {
  return (
    <div className="space-y-1">
      <h3 className="font-medium">{title}</h3>
      <dl className="divide-y rounded-md border">
        {fields.map((f) => (
          <div key={`${f.in ?? ""}-${f.name}`} className="min-w-0 space-y-0.5 p-2">
            <dt className="flex min-w-0 flex-wrap items-baseline gap-x-2">
              <code className="break-all font-semibold">{f.name}</code>
              <span className="min-w-0 break-all font-mono text-xs text-muted-foreground">{f.type}</span>
              {f.in ? <span className="text-xs text-muted-foreground">in {f.in}</span> : null}
              {f.required ? <span className="text-xs font-medium">required</span> : null}
            </dt>
            {f.description ? <dd className="text-muted-foreground">{f.description}</dd> : null}
          </div>
        ))}
      </dl>
    </div>
  );
}

function CodeExample({ title, code, label }: { title: string; code: string; label: string }) {
  const { copied, problem, copy } = useCopy(code, "code");
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <Button type="button" size="sm" variant="secondary" onClick={copy} aria-label={label}>
          {copied ? <Check /> : <Copy />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <pre
        tabIndex={0}
        aria-label={`${title} example`}
        className="max-w-full overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <code>{code}</code>
      </pre>
      <p role="status" className="sr-only">
        {copied ? "Copied." : ""}
      </p>
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
