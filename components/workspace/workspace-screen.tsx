"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Download, FilePlus2, LayoutGrid, SearchX, Trash2, X } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { createPage } from "@/lib/client/hooks/use-pages";
import {
  deleteWorkspaceItems,
  downloadWorkspaceItems,
  useWorkspace,
  type WorkspaceFilters,
} from "@/lib/client/hooks/use-workspace";
import { cn } from "@/lib/platform/utils";
import {
  itemKey,
  WORKSPACE_KINDS,
  WORKSPACE_SORTS,
  WORKSPACE_STATUSES,
  type WorkspaceItem,
  type WorkspaceKind,
  type WorkspaceSort,
  type WorkspaceStatus,
} from "@/lib/creation/workspace/contract";
import { KIND_LABEL, STATUS_LABEL } from "./kind";
import { WorkspaceCard } from "./workspace-card";
import { LoadError } from "@/components/common/load-error";

const SORT_LABEL: Record<WorkspaceSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  edited: "Recently edited",
  title: "Title (A–Z)",
};
const SEARCH_DEBOUNCE_MS = 300;

function listParam<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  return (raw ?? "").split(",").filter((v): v is T => (allowed as readonly string[]).includes(v));
}

/** Filters live in the URL (`?kind=video,page&status=draft&q=…&sort=title`), so a reload or a shared link keeps them. */
function useUrlFilters(): [WorkspaceFilters, (next: Partial<WorkspaceFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = useMemo<WorkspaceFilters>(() => {
    const sort = params.get("sort");
    return {
      kinds: listParam(params.get("kind"), WORKSPACE_KINDS),
      statuses: listParam(params.get("status"), WORKSPACE_STATUSES),
      q: params.get("q") ?? "",
      sort: (WORKSPACE_SORTS as readonly string[]).includes(sort ?? "") ? (sort as WorkspaceSort) : "newest",
    };
  }, [params]);
  const update = useCallback(
    (next: Partial<WorkspaceFilters>) => {
      const f = { ...filters, ...next };
      const p = new URLSearchParams();
      if (f.kinds.length) p.set("kind", f.kinds.join(","));
      if (f.statuses.length) p.set("status", f.statuses.join(","));
      if (f.q) p.set("q", f.q);
      if (f.sort !== "newest") p.set("sort", f.sort);
      const s = p.toString();
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [filters, pathname, router],
  );
  return [filters, update];
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        pressed ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
      )}
    >
      {children}
    </button>
  );
}

const toggle = <T,>(list: readonly T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** /main: everything I made in one grid, with filters, search, sort, multi-select delete and download. */
export function WorkspaceScreen() {
  const router = useRouter();
  const [filters, setFilters] = useUrlFilters();
  const ws = useWorkspace(filters);
  const [search, setSearch] = useState(filters.q);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<null | "delete" | "download" | "new">(null);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  // Debounced search into the URL; the URL's value wins when it changes from outside (back button).
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const t = setTimeout(() => setFilters({ q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, filters.q, setFilters]);

  // Selection keeps only what is still on screen.
  const visibleKeys = useMemo(() => ws.items.map(itemKey), [ws.items]);
  useEffect(() => {
    setSelected((prev) => {
      const visible = new Set(visibleKeys);
      const next = new Set([...prev].filter((k) => visible.has(k)));
      return next.size === prev.size ? prev : next;
    });
  }, [visibleKeys]);

  const onToggle = (index: number, shift: boolean) => {
    const key = visibleKeys[index]!;
    setSelected((prev) => {
      const next = new Set(prev);
      if (shift && anchor.current !== null) {
        const [a, b] = [Math.min(anchor.current, index), Math.max(anchor.current, index)];
        const on = !prev.has(key);
        for (let i = a; i <= b; i++) {
          if (on) next.add(visibleKeys[i]!);
          else next.delete(visibleKeys[i]!);
        }
      } else if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
    anchor.current = index;
  };

  const chosen: WorkspaceItem[] = ws.items.filter((i) => selected.has(itemKey(i)));
  const allSelected = ws.items.length > 0 && chosen.length === ws.items.length;
  const refs = chosen.map((i) => ({ kind: i.kind, id: i.id }));

  const doDelete = async () => {
    setBusy("delete");
    setNotice(null);
    try {
      const result = await deleteWorkspaceItems(refs);
      setSelected(new Set());
      setConfirming(false);
      const skipped = result.skipped.length
        ? ` ${result.skipped.length} could not be deleted: ${result.skipped[0]!.reason}`
        : "";
      setNotice({
        tone: result.skipped.length ? "error" : "ok",
        text: `Deleted ${result.deleted.length} item${result.deleted.length === 1 ? "" : "s"}.${skipped}`,
      });
      await ws.reload();
    } catch (e) {
      setConfirming(false);
      setNotice({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const doDownload = async () => {
    setBusy("download");
    setNotice(null);
    try {
      const { files, skipped } = await downloadWorkspaceItems(refs);
      setNotice({
        tone: "ok",
        text: `Downloading ${files} file${files === 1 ? "" : "s"}${skipped ? `; ${skipped} selected item${skipped === 1 ? " has" : "s have"} no file` : ""}.`,
      });
    } catch (e) {
      setNotice({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const newPage = async () => {
    setBusy("new");
    try {
      const page = await createPage({ title: "Untitled page" });
      router.push(`/content/${encodeURIComponent(page.id)}/edit`);
    } catch (e) {
      setNotice({ tone: "error", text: (e as Error).message });
      setBusy(null);
    }
  };

  const filtered = filters.kinds.length > 0 || filters.statuses.length > 0 || filters.q !== "";

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1 space-y-1.5">
          <label htmlFor="ws-search" className="text-sm font-medium">
            Search
          </label>
          <Input
            id="ws-search"
            type="search"
            placeholder="Titles, prompts, text…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="ws-sort" className="text-sm font-medium">
            Sort
          </label>
          <select
            id="ws-sort"
            value={filters.sort}
            onChange={(e) => setFilters({ sort: e.target.value as WorkspaceSort })}
            className="flex h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
          >
            {WORKSPACE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void newPage()} disabled={busy === "new"} aria-busy={busy === "new" || undefined}>
          <FilePlus2 aria-hidden="true" />
          New page
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by kind">
        {WORKSPACE_KINDS.map((k) => {
          const Icon = KIND_LABEL[k].icon;
          return (
            <Chip
              key={k}
              pressed={filters.kinds.includes(k)}
              onClick={() => setFilters({ kinds: toggle(filters.kinds, k as WorkspaceKind) })}
            >
              <Icon aria-hidden="true" className="size-3.5" />
              {KIND_LABEL[k].many}
            </Chip>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by status">
        {WORKSPACE_STATUSES.map((s) => (
          <Chip
            key={s}
            pressed={filters.statuses.includes(s)}
            onClick={() => setFilters({ statuses: toggle(filters.statuses, s as WorkspaceStatus) })}
          >
            {STATUS_LABEL[s]}
          </Chip>
        ))}
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch("");
              setFilters({ kinds: [], statuses: [], q: "" });
            }}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </div>

      {ws.items.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Selection"
          className="sticky top-0 z-20 flex flex-wrap items-center gap-3 rounded-lg border bg-background/95 px-3 py-2 backdrop-blur"
        >
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(visibleKeys))}
            />
            Select all
          </label>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {chosen.length ? `${chosen.length} selected` : "Shift-click to select a range"}
          </span>
          <div className="ml-auto flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!chosen.length || busy !== null}
              aria-busy={busy === "download" || undefined}
              onClick={() => void doDownload()}
            >
              <Download aria-hidden="true" />
              Download
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={!chosen.length || busy !== null}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
      ) : null}

      <div aria-live="polite">
        {notice ? (
          <Alert variant={notice.tone === "error" ? "destructive" : "default"}>
            <AlertDescription>{notice.text}</AlertDescription>
          </Alert>
        ) : null}
      </div>

      {ws.error && ws.items.length === 0 ? (
        <LoadError title="We couldn't load your workspace" message={ws.error.message} onRetry={() => ws.reload()} />
      ) : ws.isLoading ? (
        <div
          role="status"
          aria-busy="true"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          <span className="sr-only">Loading your workspace</span>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3] rounded-xl" />
          ))}
        </div>
      ) : ws.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            heading="Nothing matches"
            extra={
              <Button
                variant="outline"
                onClick={() => {
                  setSearch("");
                  setFilters({ kinds: [], statuses: [], q: "" });
                }}
              >
                Clear filters
              </Button>
            }
          >
            No item fits these filters{filters.q ? ` and “${filters.q}”` : ""}. Try other words or fewer filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={LayoutGrid}
            heading="Your workspace is empty"
            primaryAction={{ label: "Start creating", href: "/create" }}
            secondaryAction={{ label: "Open assets", href: "/assets" }}
          >
            Videos, designs, images, pages and products you create will gather here. Pick something to make to get
            started.
          </EmptyState>
        )
      ) : (
        <>
          <ul
            aria-label="My work"
            aria-busy={ws.isValidating || undefined}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {ws.items.map((item, index) => (
              <li key={itemKey(item)}>
                <WorkspaceCard
                  item={item}
                  selected={selected.has(itemKey(item))}
                  onToggle={(shift) => onToggle(index, shift)}
                />
              </li>
            ))}
          </ul>
          {ws.truncated ? (
            <p className="text-center text-xs text-muted-foreground">
              Filters and search look through your 2,000 most recent items.
            </p>
          ) : null}
          {ws.hasMore ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void ws.loadMore()}
                disabled={ws.isLoadingMore}
                aria-busy={ws.isLoadingMore || undefined}
              >
                {ws.isLoadingMore ? "Loading…" : "Show more"}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Delete ${chosen.length} item${chosen.length === 1 ? "" : "s"}?`}
        confirmLabel={busy === "delete" ? "Deleting…" : "Delete"}
        busy={busy === "delete"}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>These go for good, with their files. Content made from a product stays.</p>
        <ul className="mt-2 max-h-48 list-disc space-y-0.5 overflow-auto pl-5">
          {chosen.slice(0, 20).map((i) => (
            <li key={itemKey(i)}>
              {i.title || "Untitled"} <span className="text-xs">({KIND_LABEL[i.kind].one.toLowerCase()})</span>
            </li>
          ))}
          {chosen.length > 20 ? <li>and {chosen.length - 20} more</li> : null}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
