"use client";
/**
 * One document (/firestore-dashboard/{collection}/{documentId}) as a form
 * generated from the collection's schema and as JSON. "Review changes" asks
 * the API to validate and diff without writing; "Save" writes with the
 * version it was opened at (a moved document is a conflict). Create (id
 * `~new`) and delete ask for confirmation. Masked values stay masked.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Database, Lock } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { MASK, type WriteResult } from "@/lib/operations/data-dashboard/contract";
import {
  createDocument,
  deleteDocument,
  saveDocument,
  useCollectionPage,
  useDocument,
} from "@/lib/client/hooks/use-data-dashboard";
import { fieldMessages, issuesOf, type ApiClientError } from "@/lib/client/api";

export const NEW_ID = "~new";

type Json = Record<string, unknown>;
interface Prop {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  anyOf?: Prop[];
  description?: string;
}
interface Field {
  name: string;
  kind: "string" | "number" | "boolean" | "enum" | "timestamp" | "json";
  nullable: boolean;
  options: unknown[];
  required: boolean;
}

function fieldsOf(schema: unknown, columns: string[], timestamps: string[]): Field[] {
  const s = (schema ?? {}) as { properties?: Record<string, Prop>; required?: string[] };
  return columns.map((name) => {
    let p: Prop = s.properties?.[name] ?? {};
    let nullable = false;
    if (p.anyOf) {
      nullable = p.anyOf.some((x) => x.type === "null");
      const rest = p.anyOf.filter((x) => x.type !== "null");
      p = rest.length === 1 ? rest[0]! : {};
    }
    const required = s.required?.includes(name) ?? false;
    let kind: Field["kind"] = "json";
    if (p.enum) kind = "enum";
    else if (timestamps.includes(name) || p.format === "date-time") kind = "timestamp";
    else if (p.type === "string") kind = "string";
    else if (p.type === "number" || p.type === "integer") kind = "number";
    else if (p.type === "boolean") kind = "boolean";
    return { name, kind, nullable, options: p.enum ?? [], required };
  });
}

/** The text an input shows for a value. */
function textOf(f: Field, v: unknown): string {
  if (v === null || v === undefined) return "";
  if (f.kind === "json") return JSON.stringify(v, null, 2);
  return String(v);
}

/** The value a field's text means; JSON fields that do not parse are reported. */
function valueOf(f: Field, text: string): { value: unknown; error?: string } {
  if (f.kind === "boolean") return { value: text === "true" };
  if (text === "" && f.nullable) return { value: null };
  if (f.kind === "number") return text === "" ? { value: text } : { value: Number(text) };
  if (f.kind === "enum") return { value: f.options.find((o) => String(o) === text) ?? text };
  if (f.kind === "json") {
    if (text.trim() === "") return { value: undefined };
    try {
      return { value: JSON.parse(text) };
    } catch {
      return { value: text, error: "Not valid JSON." };
    }
  }
  return { value: text };
}

export function DocumentEditor({ collection, id }: { collection: string; id: string }) {
  const isNew = id === NEW_ID;
  const doc = useDocument(collection, isNew ? null : id);
  // A new document needs the collection's description and schema (they come with its first page).
  const page = useCollectionPage(isNew ? collection : null, new URLSearchParams({ limit: "1" }));
  const [saved, setSaved] = React.useState<WriteResult | null>(null);
  const meta = isNew ? page.data?.collection : doc.data?.collection;
  const error = isNew ? page.error : doc.error;

  if (error) {
    return error.status === 404 ? (
      <EmptyState
        icon={Database}
        heading="No such document"
        primaryAction={{
          label: "Back to the collection",
          href: `/firestore-dashboard?c=${encodeURIComponent(collection)}`,
        }}
      >
        {error.message}
      </EmptyState>
    ) : (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!meta || (!isNew && !doc.data)) return <Skeleton className="h-96 w-full" aria-label="Loading the document" />;
  return (
    <Editor
      key={doc.data?.version ?? "new"}
      collection={collection}
      id={isNew ? null : id}
      initial={doc.data?.data ?? {}}
      version={doc.data?.version ?? null}
      schema={isNew ? page.data?.schema : doc.data?.schema}
      columns={meta.columns}
      timestamps={meta.timestamps}
      masked={meta.masked}
      lockedFields={[
        ...meta.locked_fields,
        // Derived fields are shown, never typed: the save recomputes them from the others.
        ...(meta.derived_fields ?? []).map((path) => ({
          path,
          reason: "Computed by the app from the other fields: it is recomputed when you save.",
        })),
      ]}
      readOnly={meta.read_only ? (meta.read_only_reason ?? "Read-only.") : null}
      idRule={meta.id_rule}
      saved={saved}
      onSaved={(result) => {
        // The editor is keyed by the document's version, so it remounts with the saved document:
        // the result lives here, or the "Saved" notice would vanish with the old editor.
        setSaved(result);
        void doc.mutate();
      }}
      onClearSaved={() => setSaved(null)}
    />
  );
}

interface EditorProps {
  collection: string;
  id: string | null;
  initial: Json;
  version: string | null;
  schema: unknown;
  columns: string[];
  timestamps: string[];
  masked: string[];
  /** Fields this screen cannot change (a profile's credits and plan), with the reason. */
  lockedFields: { path: string; reason: string }[];
  readOnly: string | null;
  idRule: { auto: boolean; description: string };
  /** The last save's result (kept by the page: the editor remounts when the version changes). */
  saved: WriteResult | null;
  onSaved: (result: WriteResult) => void;
  onClearSaved: () => void;
}

function Editor(p: EditorProps) {
  const router = useRouter();
  const fields = React.useMemo(() => fieldsOf(p.schema, p.columns, p.timestamps), [p.schema, p.columns, p.timestamps]);
  const [texts, setTexts] = React.useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.kind === "boolean" ? String(p.initial[f.name] === true) : textOf(f, p.initial[f.name]),
      ]),
    ),
  );
  const [tab, setTab] = React.useState<"form" | "json">("form");
  const [jsonText, setJsonText] = React.useState(() => JSON.stringify(p.initial, null, 2));
  const [newId, setNewId] = React.useState("");
  const [review, setReview] = React.useState<WriteResult | null>(null);
  const saved = p.saved;
  const [problem, setProblem] = React.useState<ApiClientError | Error | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const messages = fieldMessages(problem);
  const locked = React.useMemo(() => new Map(p.lockedFields.map((f) => [f.path, f.reason])), [p.lockedFields]);

  /** The document the form (or the JSON) says. */
  function draft(): Json {
    if (tab === "json") {
      try {
        const v = JSON.parse(jsonText);
        if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("The JSON must be an object.");
        return v as Json;
      } catch (e) {
        throw new Error(`The JSON does not parse: ${(e as Error).message}`);
      }
    }
    const out: Json = {};
    const bad: string[] = [];
    for (const f of fields) {
      const { value, error } = valueOf(f, texts[f.name] ?? "");
      if (error) bad.push(`${f.name}: ${error}`);
      if (value !== undefined) out[f.name] = value;
    }
    if (bad.length) throw new Error(bad.join(" "));
    return out;
  }

  function switchTab(next: "form" | "json") {
    if (next === tab) return;
    try {
      const d = draft();
      if (next === "json") setJsonText(JSON.stringify(d, null, 2));
      else
        setTexts(
          Object.fromEntries(
            fields.map((f) => [f.name, f.kind === "boolean" ? String(d[f.name] === true) : textOf(f, d[f.name])]),
          ),
        );
      setTab(next);
      setProblem(null);
    } catch (e) {
      setProblem(e as Error);
    }
  }

  async function run(dryRun: boolean) {
    setBusy(true);
    setProblem(null);
    p.onClearSaved();
    try {
      const data = draft();
      const result = p.id
        ? await saveDocument(p.collection, p.id, { data, version: p.version ?? undefined, dry_run: dryRun })
        : await createDocument(p.collection, { data, id: newId.trim() || undefined, dry_run: dryRun });
      if (dryRun) setReview(result);
      else {
        setReview(null);
        p.onSaved(result);
        if (!p.id)
          router.replace(`/firestore-dashboard/${encodeURIComponent(p.collection)}/${encodeURIComponent(result.id)}`);
      }
    } catch (e) {
      setReview(null);
      setProblem(e as Error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!p.id || !p.version) return;
    setBusy(true);
    try {
      await deleteDocument(p.collection, p.id, p.version);
      router.push(`/firestore-dashboard?c=${encodeURIComponent(p.collection)}`);
    } catch (e) {
      setProblem(e as Error);
      setBusy(false);
    }
  }

  const logHref = `/content-update-logs?entity_type=document&entity_id=${encodeURIComponent(`${p.collection}/${saved?.id ?? p.id ?? ""}`)}`;
  const edit = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setReview(null);
    setTexts((t) => ({
      ...t,
      [name]:
        e.target instanceof HTMLInputElement && e.target.type === "checkbox"
          ? String(e.target.checked)
          : e.target.value,
    }));
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm">
          <Link
            className="text-primary underline underline-offset-4"
            href={`/firestore-dashboard?c=${encodeURIComponent(p.collection)}`}
          >
            {p.collection}
          </Link>{" "}
          / {p.id ?? "new document"}
        </p>
        <div role="tablist" aria-label="View" className="inline-flex rounded-md border p-0.5">
          {(["form", "json"] as const).map((t) => (
            <button
              key={t}
              role="tab"
              type="button"
              aria-selected={tab === t}
              onClick={() => switchTab(t)}
              className={`rounded px-3 py-1 text-sm ${tab === t ? "bg-muted font-medium" : ""}`}
            >
              {t === "form" ? "Form" : "JSON"}
            </button>
          ))}
        </div>
      </div>
      {p.readOnly ? (
        <Alert role="note" aria-label="Read-only">
          <Lock aria-hidden="true" />
          <AlertTitle>Read-only</AlertTitle>
          <AlertDescription>{p.readOnly}</AlertDescription>
        </Alert>
      ) : null}

      <form
        aria-label="Document"
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
        className="space-y-4"
      >
        {!p.id ? (
          <div className="space-y-1.5">
            <Label htmlFor="doc-id">Document id{p.idRule.auto ? " (leave empty for a generated one)" : ""}</Label>
            <Input
              id="doc-id"
              value={newId}
              onChange={(e) => setNewId(e.target.value)}
              required={!p.idRule.auto}
              aria-describedby="doc-id-help"
            />
            <p id="doc-id-help" className="text-xs text-muted-foreground">
              {p.idRule.description}
            </p>
          </div>
        ) : null}
        {tab === "json" ? (
          <div className="space-y-1.5">
            <Label htmlFor="doc-json">Document as JSON</Label>
            <Textarea
              id="doc-json"
              className="min-h-96 font-mono text-xs"
              value={jsonText}
              onChange={(e) => {
                setReview(null);
                setJsonText(e.target.value);
              }}
              readOnly={!!p.readOnly}
              spellCheck={false}
            />
          </div>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {fields.map((f) => {
              const fid = `field-${f.name}`;
              const msg = messages[f.name];
              const isMasked = p.masked.includes(f.name) || (texts[f.name] ?? "").startsWith(MASK);
              const lockReason = p.readOnly ? undefined : locked.get(f.name);
              const describedBy =
                [msg ? `${fid}-error` : null, lockReason ? `${fid}-locked` : null].filter(Boolean).join(" ") ||
                undefined;
              const common = {
                id: fid,
                "aria-invalid": msg ? true : undefined,
                "aria-describedby": describedBy,
                disabled: !!p.readOnly || isMasked || !!lockReason,
              } as const;
              return (
                <div key={f.name} className={f.kind === "json" ? "space-y-1.5 md:col-span-2" : "space-y-1.5"}>
                  <Label htmlFor={fid} className="font-mono">
                    {f.name}
                    <span className="font-sans text-xs font-normal text-muted-foreground">
                      {f.kind}
                      {f.nullable ? ", optional" : ""}
                      {isMasked ? ", masked" : ""}
                      {lockReason ? ", read-only" : ""}
                    </span>
                  </Label>
                  {f.kind === "boolean" ? (
                    <input
                      type="checkbox"
                      {...common}
                      checked={texts[f.name] === "true"}
                      onChange={edit(f.name)}
                      className="size-4"
                    />
                  ) : f.kind === "enum" ? (
                    <select {...common} className={INPUT_CLASSES} value={texts[f.name] ?? ""} onChange={edit(f.name)}>
                      {f.nullable ? <option value="">(null)</option> : null}
                      {f.options.map((o) => (
                        <option key={String(o)} value={String(o)}>
                          {String(o)}
                        </option>
                      ))}
                      {texts[f.name] && !f.options.some((o) => String(o) === texts[f.name]) ? (
                        <option value={texts[f.name]}>{texts[f.name]}</option>
                      ) : null}
                    </select>
                  ) : f.kind === "json" ? (
                    <Textarea
                      {...common}
                      className="min-h-24 font-mono text-xs"
                      value={texts[f.name] ?? ""}
                      onChange={edit(f.name)}
                      spellCheck={false}
                    />
                  ) : (
                    <Input
                      {...common}
                      type={f.kind === "number" ? "number" : "text"}
                      step="any"
                      value={texts[f.name] ?? ""}
                      onChange={edit(f.name)}
                      placeholder={
                        f.kind === "timestamp" ? "2026-01-31T12:00:00.000Z" : f.nullable ? "(null)" : undefined
                      }
                    />
                  )}
                  {lockReason ? (
                    <p id={`${fid}-locked`} className="flex gap-1.5 text-xs text-muted-foreground">
                      <Lock aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
                      <span>{lockReason}</span>
                    </p>
                  ) : null}
                  {msg ? (
                    <p id={`${fid}-error`} className="text-xs text-destructive">
                      {msg}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        )}

        {problem ? (
          <Alert variant="destructive">
            <AlertTitle>{problem.message}</AlertTitle>
            {issuesOf(problem).length ? (
              <AlertDescription>
                <ul className="list-disc pl-4">
                  {issuesOf(problem).map((i) => (
                    <li key={`${i.path}:${i.message}`}>
                      <span className="font-mono">{i.path || "(document)"}</span>: {i.message}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            ) : null}
          </Alert>
        ) : null}

        {review ? (
          <section aria-label="Changes to save" className="space-y-2 rounded-lg border p-3">
            <h2 className="text-sm font-semibold">
              {review.changes.length
                ? `${review.changes.length} field${review.changes.length === 1 ? "" : "s"} will change`
                : "Nothing changes"}
            </h2>
            <ul className="space-y-1 font-mono text-xs">
              {review.changes.map((c) => (
                <li key={c.path}>
                  {c.path}: <span className="text-red-700 dark:text-red-400">{c.before ?? "—"}</span> →{" "}
                  <span className="text-green-700 dark:text-green-400">{c.after ?? "—"}</span>
                </li>
              ))}
            </ul>
            {review.changes.length ? (
              <Button type="button" onClick={() => void run(false)} disabled={busy}>
                {p.id ? "Save" : "Create"}
              </Button>
            ) : null}
          </section>
        ) : null}

        {saved ? (
          <Alert role="status">
            <AlertDescription>
              {saved.written
                ? `Saved ${saved.changes.length} field${saved.changes.length === 1 ? "" : "s"}.`
                : "Nothing changed."}{" "}
              <Link className="text-primary underline underline-offset-4" href={logHref}>
                See it in the update log
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}

        {!p.readOnly ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={busy}>
              Review changes
            </Button>
            {p.id ? (
              confirmDelete ? (
                <span className="inline-flex items-center gap-2" role="group" aria-label="Confirm delete">
                  <span className="text-sm">Delete {p.id} for good?</span>
                  <Button type="button" variant="destructive" onClick={() => void remove()} disabled={busy}>
                    Delete permanently
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setConfirmDelete(false)}>
                    Cancel
                  </Button>
                </span>
              ) : (
                <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
                  Delete…
                </Button>
              )
            ) : null}
          </div>
        ) : null}
      </form>
    </div>
  );
}
