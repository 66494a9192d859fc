"use client";
/** The usage history: what used credits and what added them, filterable, a page at a time, exportable as CSV. */
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { Download, History } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { LEDGER_REASONS, type CreditHistoryItem, type LedgerReason } from "@/lib/money/billing/contract";
import {
  creditHistoryExportUrl,
  useCreditHistory,
  type CreditHistoryFilters,
} from "@/lib/client/hooks/use-credit-history";
import { cn } from "@/lib/platform/utils";

import { formatDateTime, formatDelta } from "./format";
import { LoadError } from "@/components/common/load-error";

const SELECT = "flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs";

export const KIND_LABELS: Record<LedgerReason, string> = {
  debit: "Spent",
  refund: "Refund",
  grant: "Grant",
  purchase: "Purchase",
  adjustment: "Adjustment",
};

const KIND_FILTER_LABELS: Record<LedgerReason, string> = {
  debit: "Spent",
  refund: "Refunds",
  grant: "Grants",
  purchase: "Purchases",
  adjustment: "Adjustments",
};

/** `refreshKey`: change it to reload the loaded pages (after something added credits). */
export function UsageHistory({ refreshKey = 0 }: { refreshKey?: number }) {
  const [filters, setFilters] = useState<CreditHistoryFilters>({});
  const history = useCreditHistory(filters);
  const shownKey = useRef(refreshKey);
  const { reload } = history;
  useEffect(() => {
    if (shownKey.current === refreshKey) return;
    shownKey.current = refreshKey;
    void reload();
  }, [refreshKey, reload]);
  const filtered = Boolean(filters.kind || filters.from || filters.to);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <section aria-labelledby="usage-history-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="usage-history-heading" className="text-lg font-semibold tracking-tight">
            Usage history
          </h2>
          <p className="text-sm text-muted-foreground">
            Every credit spent, refunded, granted or bought, newest first.
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={creditHistoryExportUrl(filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      <div
        role="search"
        aria-label="Filter the usage history"
        className="grid gap-3 sm:grid-cols-[12rem_10rem_10rem_auto] sm:items-end"
      >
        <div className="space-y-1.5">
          <label htmlFor="history-kind" className="text-sm font-medium">
            Type
          </label>
          <select
            id="history-kind"
            className={SELECT}
            value={filters.kind ?? ""}
            onChange={(e) => setFilters({ ...filters, kind: (e.target.value || null) as LedgerReason | null })}
          >
            <option value="">All types</option>
            {LEDGER_REASONS.map((r) => (
              <option key={r} value={r}>
                {KIND_FILTER_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="history-from" className="text-sm font-medium">
            From
          </label>
          <Input
            id="history-from"
            type="date"
            value={filters.from ?? ""}
            onChange={(e) => setFilters({ ...filters, from: e.target.value || null })}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="history-to" className="text-sm font-medium">
            To
          </label>
          <Input
            id="history-to"
            type="date"
            value={filters.to ?? ""}
            aria-invalid={badRange || undefined}
            onChange={(e) => setFilters({ ...filters, to: e.target.value || null })}
          />
        </div>
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={() => setFilters({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {badRange ? (
        <p className="text-sm text-destructive">The “From” date is after the “To” date, so nothing can match.</p>
      ) : null}

      <HistoryBody history={history} filtered={filtered} />
    </section>
  );
}

function HistoryBody({ history, filtered }: { history: ReturnType<typeof useCreditHistory>; filtered: boolean }) {
  if (history.error && !history.items.length) {
    return (
      <LoadError
        title="We couldn't load your usage history"
        message={history.error.message}
        onRetry={() => history.reload()}
      />
    );
  }
  if (history.isLoading) {
    return (
      <div role="status" aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading your usage history</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (!history.items.length) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
        <History aria-hidden="true" className="mb-3 size-6 text-muted-foreground" />
        <p className="font-medium">{filtered ? "Nothing matches these filters" : "No credit activity yet"}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {filtered
            ? "Try another type or date range."
            : "When you generate images or videos, what they cost appears here."}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="relative overflow-x-auto rounded-xl border">
        {/* On a phone the date moves under "What for", so the credits and balance always fit (never clipped). */}
        <table className="w-full text-sm">
          <caption className="sr-only">Credit activity, newest first</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                Date
              </th>
              <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                What for
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-4">
                Credits
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {history.items.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </tbody>
        </table>
      </div>
      {history.error ? <p className="text-sm text-destructive">{history.error.message}</p> : null}
      {history.hasMore ? (
        <Button variant="outline" size="sm" disabled={history.isLoadingMore} onClick={() => history.loadMore()}>
          {history.isLoadingMore ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}

function HistoryRow({ item }: { item: CreditHistoryItem }) {
  return (
    <tr className="border-t align-top" data-testid="usage-row">
      <td className="hidden px-4 py-2 whitespace-nowrap text-muted-foreground sm:table-cell">
        <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
      </td>
      <td className="min-w-0 px-3 py-2 break-words sm:px-4">
        <time dateTime={item.created_at} className="mb-1 block text-xs text-muted-foreground sm:hidden">
          {formatDateTime(item.created_at)}
        </time>
        <span className="mr-2 inline-block rounded-full border px-2 py-0.5 text-xs font-medium">
          {KIND_LABELS[item.reason]}
        </span>
        {item.item ? (
          item.item.href ? (
            <Link href={item.item.href} className="font-medium text-primary hover:underline">
              {item.item.title ?? `Open ${item.item.kind ?? "item"}`}
            </Link>
          ) : (
            <span className="text-muted-foreground">(deleted item)</span>
          )
        ) : null}
        {item.note ? <span className="block text-xs text-muted-foreground">{item.note}</span> : null}
      </td>
      <td
        className={cn(
          "px-2 py-2 text-right font-medium whitespace-nowrap tabular-nums sm:px-4",
          item.delta > 0 ? "text-emerald-700 dark:text-emerald-400" : "",
        )}
      >
        {formatDelta(item.delta)}
      </td>
      <td
        className="px-3 py-2 text-right whitespace-nowrap text-muted-foreground tabular-nums sm:px-4"
        data-testid="usage-balance"
      >
        {item.balance_after.toLocaleString("en-US")}
      </td>
    </tr>
  );
}
