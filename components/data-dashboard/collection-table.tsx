"use client";
/**
 * One collection as a paged table: columns from its schema (pick which),
 * filters and order from its declared indexes only, find by id, export of
 * the filtered view as JSON lines. Sensitive values arrive masked.
 */
import * as React from "react";
import Link from "next/link";
import { Download, Lock, Plus } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { cellText } from "./cell-text";
import { FILTER_HELP } from "@/lib/operations/data-dashboard/contract";
import { collectionPath, useCollectionPage, useCollections } from "@/lib/client/hooks/use-data-dashboard";

export function CollectionTable({ name }: { name: string }) {
  const [index, setIndex] = React.useState<string>("");
  const [eq, setEq] = React.useState<Record<string, string>>({});
  const [applied, setApplied] = React.useState<{ index: string; eq: Record<string, string>; id: string }>({
    index: "",
    eq: {},
    id: "",
  });
  const [findId, setFindId] = React.useState("");
  const [cursors, setCursors] = React.useState<string[]>([]);
  const [hidden, setHidden] = React.useState<Set<string>>(new Set());

  const base = new URLSearchParams();
  if (applied.index) base.set("index", applied.index);
  for (const [k, v] of Object.entries(applied.eq)) base.set(`eq.${k}`, v);
  if (applied.id) base.set("id", applied.id);
  const query = new URLSearchParams(base);
  if (cursors.length) query.set("cursor", cursors[cursors.length - 1]!);
  const counts = useCollections();
  const count = counts.data?.find((c) => c.name === name)?.count;
  const { data, error, isLoading } = useCollectionPage(name, query);
  const meta = data?.collection;
  const chosen = meta && index !== "" ? meta.indexes[Number(index)] : undefined;
  const columns = (meta?.columns ?? []).filter((c) => !hidden.has(c));

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = chosen?.filters ?? [];
    setApplied({ index, eq: Object.fromEntries(fields.map((f) => [f, eq[f] ?? ""])), id: "" });
    setCursors([]);
  };
  const find = (e: React.FormEvent) => {
    e.preventDefault();
    setApplied({ index: "", eq: {}, id: findId.trim() });
    setCursors([]);
  };
  const exportParams = new URLSearchParams(base);
  exportParams.delete("id");
  exportParams.set("format", "jsonl");

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-mono text-xl font-semibold">
          {name} <span className="text-sm font-normal text-muted-foreground">{count ?? "…"} documents</span>
        </h2>
        <div className="flex gap-2">
          {meta && !meta.read_only ? (
            <Button asChild size="sm">
              <Link href={`/firestore-dashboard/${encodeURIComponent(name)}/~new`}>
                <Plus /> New document
              </Link>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <a href={`${collectionPath(name)}?${exportParams.toString()}`} download>
              <Download /> Export JSON lines
            </a>
          </Button>
        </div>
      </div>
      {meta?.read_only_reason ? (
        <p role="note" aria-label="Read-only" className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">Read-only. </span>
            {meta.read_only_reason}
          </span>
        </p>
      ) : null}
      {meta?.locked_fields.length ? (
        <p className="text-sm text-muted-foreground">
          Read-only fields: {meta.locked_fields.map((f) => f.path).join(", ")} (open a document for the reason).
        </p>
      ) : null}
      {meta?.masked.length ? (
        <p className="text-sm text-muted-foreground">
          Masked (sensitive): {meta.masked.join(", ")}. Fields named like secrets, tokens or keys are masked too.
        </p>
      ) : null}

      <div className="grid gap-3 rounded-lg border p-3 md:grid-cols-2">
        <form aria-label="Filter by index" onSubmit={apply} className="space-y-2">
          <Label htmlFor="dd-index">Index</Label>
          <select id="dd-index" className={INPUT_CLASSES} value={index} onChange={(e) => setIndex(e.target.value)}>
            <option value="">By document id</option>
            {meta?.indexes.map((ix) => (
              <option key={ix.n} value={String(ix.n)}>
                {ix.label}
              </option>
            ))}
          </select>
          {chosen?.filters.map((f) => (
            <div key={f} className="space-y-1">
              <Label htmlFor={`dd-eq-${f}`}>{f} =</Label>
              <Input
                id={`dd-eq-${f}`}
                value={eq[f] ?? ""}
                onChange={(e) => setEq((x) => ({ ...x, [f]: e.target.value }))}
                required
              />
            </div>
          ))}
          <Button type="submit" size="sm">
            Apply
          </Button>
          <p className="text-xs text-muted-foreground">{FILTER_HELP}</p>
        </form>
        <div className="space-y-3">
          <form aria-label="Find by id" onSubmit={find} className="space-y-2">
            <Label htmlFor="dd-find">Find by id</Label>
            <div className="flex gap-2">
              <Input
                id="dd-find"
                value={findId}
                onChange={(e) => setFindId(e.target.value)}
                placeholder="document id"
              />
              <Button type="submit" size="sm" variant="outline">
                Find
              </Button>
            </div>
          </form>
          {meta ? (
            <details>
              <summary className="cursor-pointer text-sm">
                Columns ({columns.length} of {meta.columns.length})
              </summary>
              <fieldset className="mt-2 grid grid-cols-2 gap-1 text-sm">
                <legend className="sr-only">Columns shown</legend>
                {meta.columns.map((c) => (
                  <label key={c} className="flex items-center gap-2 font-mono">
                    <input
                      type="checkbox"
                      checked={!hidden.has(c)}
                      onChange={() =>
                        setHidden((h) => {
                          const n = new Set(h);
                          if (n.has(c)) n.delete(c);
                          else n.add(c);
                          return n;
                        })
                      }
                    />
                    {c}
                  </label>
                ))}
              </fieldset>
            </details>
          ) : null}
        </div>
      </div>

      {error ? (
        <Alert variant="destructive">
          <AlertDescription>
            {error.message} {error.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}
          </AlertDescription>
        </Alert>
      ) : isLoading || !data ? (
        <Skeleton className="h-48 w-full" aria-label="Loading documents" />
      ) : data.data.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground">
          No documents {applied.id || applied.index ? "match" : "in this collection yet"}.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Documents of {name}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-mono font-medium">
                  id
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="whitespace-nowrap px-2 py-1.5 font-mono font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {data.data.map((row) => (
                <tr key={row.id} className="align-top hover:bg-muted/30">
                  <td className="px-2 py-1.5 font-mono">
                    <Link
                      className="text-primary underline-offset-4 hover:underline"
                      href={`/firestore-dashboard/${encodeURIComponent(name)}/${encodeURIComponent(row.id)}`}
                    >
                      {row.id}
                    </Link>
                  </td>
                  {columns.map((c) => (
                    <td
                      key={c}
                      className="max-w-64 truncate px-2 py-1.5 font-mono text-xs"
                      title={cellText(row.data[c])}
                    >
                      {cellText(row.data[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex justify-between">
        <Button
          variant="outline"
          size="sm"
          disabled={!cursors.length}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!data?.next_cursor}
          onClick={() => data?.next_cursor && setCursors((c) => [...c, data.next_cursor!])}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
