"use client";
/** /layout-tracker: one layout's way through the stages (who, when, what changed, from the update log) and the content made with it since it went live. */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useLayoutHistory, useStudioLayouts } from "@/lib/client/hooks/use-studio-layouts";
import { StageBadge } from "@/components/studio/stage-badge";

const when = (iso: string) => new Date(iso).toLocaleString();
const ACTIONS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  stage: "Moved",
  delete: "Deleted",
  approve: "Approved",
  reject: "Rejected",
};

function History({ id }: { id: string }) {
  const { data, error, isLoading } = useLayoutHistory(id);
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  }
  if (isLoading || !data) return <Skeleton className="h-64 w-full" aria-label="Loading the history" />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <section aria-labelledby="hist-h" className="space-y-3">
        <h2 id="hist-h" className="flex items-center gap-2 text-base font-semibold">
          <Link href={`/layouts-pipeline/${id}`} className="hover:underline">
            {data.layout.name}
          </Link>{" "}
          <StageBadge stage={data.layout.stage} />
          <span className="text-sm font-normal text-muted-foreground">
            v{data.layout.version} · {data.layout.origin}
          </span>
        </h2>
        {data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No changes recorded yet
            {data.layout.origin === "starter" ? ": this starter layout arrived live with the library" : ""}.
          </p>
        ) : null}
        <ol className="space-y-3 border-l pl-4">
          {data.entries.map((e) => {
            const stage = e.changes.find((c) => c.path === "stage");
            return (
              <li key={e.id} className="text-sm">
                <p>
                  <span className="font-medium">{ACTIONS[e.action] ?? e.action}</span>
                  {stage ? ` from ${JSON.parse(stage.before ?? '"—"')} to ${JSON.parse(stage.after ?? '"—"')}` : ""} by{" "}
                  {e.actor} · <time dateTime={e.at}>{when(e.at)}</time>
                  {e.screen ? <span className="text-xs text-muted-foreground"> · on {e.screen}</span> : null}
                </p>
                {e.action !== "stage" && e.changes.length ? (
                  <details className="text-xs text-muted-foreground">
                    <summary className="cursor-pointer">
                      {e.changes.length}
                      {e.truncated ? "+" : ""} field changes
                    </summary>
                    <ul className="mt-1 space-y-0.5 font-mono">
                      {e.changes.map((c, i) => (
                        <li key={i}>
                          {c.path || "(document)"}: {c.before ?? "—"} → {c.after ?? "—"}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
      <section aria-labelledby="uses-h" className="space-y-2">
        <h2 id="uses-h" className="text-base font-semibold">
          Used since going live
        </h2>
        {!data.live_since ? (
          <p className="text-sm text-muted-foreground">It has not been live yet.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Live since {when(data.live_since)}: {data.uses_since_live.length}{" "}
              {data.uses_since_live.length === 1 ? "item" : "items"}.
            </p>
            <ul className="space-y-1 text-sm">
              {data.uses_since_live.slice(0, 50).map((u) => (
                <li key={u.content_id}>
                  {u.title || "Untitled"}{" "}
                  <span className="text-xs text-muted-foreground">
                    ({u.kind}, {when(u.created_at)})
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

export function LayoutTracker({ layoutId }: { layoutId: string | null }) {
  const router = useRouter();
  const { data } = useStudioLayouts();
  const layouts = data?.layouts ?? [];
  const id = layoutId ?? null;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Label htmlFor="tracker-layout">Layout</Label>
        <select
          id="tracker-layout"
          className="h-9 w-full max-w-sm rounded-md border border-input bg-background px-2 text-sm"
          value={id ?? ""}
          onChange={(e) => router.push(e.target.value ? `/layout-tracker?layout=${e.target.value}` : "/layout-tracker")}
        >
          <option value="">Choose a layout…</option>
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.stage})
            </option>
          ))}
        </select>
      </div>
      {id ? (
        <History id={id} />
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Every layout, its stage and use</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1">Layout</th>
              <th>Stage</th>
              <th>Last move</th>
              <th>Used in</th>
            </tr>
          </thead>
          <tbody>
            {layouts.map((l) => (
              <tr key={l.id} className="border-t">
                <td className="py-1.5">
                  <Link href={`/layout-tracker?layout=${l.id}`} className="hover:underline">
                    {l.name}
                  </Link>
                </td>
                <td>
                  <StageBadge stage={l.stage} />
                </td>
                <td className="text-xs text-muted-foreground">
                  {l.last_move ? `${l.last_move.actor}, ${when(l.last_move.at)}` : "—"}
                </td>
                <td>{l.usage}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
