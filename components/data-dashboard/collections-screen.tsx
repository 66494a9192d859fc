"use client";
/**
 * The data dashboard (/firestore-dashboard): the registry's collections with
 * their document counts beside the chosen collection's table (?c=name).
 */
import * as React from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Database, Lock } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { useCollections } from "@/lib/client/hooks/use-data-dashboard";
import { cn } from "@/lib/platform/utils";
import { CollectionTable } from "./collection-table";

export function CollectionsScreen() {
  const { data, error, isLoading } = useCollections();
  const params = useSearchParams();
  const router = useRouter();
  const selected = params.get("c");
  React.useEffect(() => {
    if (!selected && data?.length)
      router.replace(
        `/firestore-dashboard?c=${encodeURIComponent(data.find((c) => c.name === "content")?.name ?? data[0]!.name)}`,
      );
  }, [selected, data, router]);

  if (error)
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  if (isLoading || !data) return <Skeleton className="h-64 w-full" aria-label="Loading collections" />;
  if (!data.length)
    return (
      <EmptyState icon={Database} heading="No collections">
        The registry declares no collections.
      </EmptyState>
    );
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Collections" className="lg:sticky lg:top-4 lg:self-start">
        <ul className="space-y-0.5 text-sm">
          {data.map((c) => (
            <li key={c.name}>
              <Link
                href={`/firestore-dashboard?c=${encodeURIComponent(c.name)}`}
                aria-current={c.name === selected ? "page" : undefined}
                className={cn(
                  "flex items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-muted",
                  c.name === selected && "bg-muted font-medium",
                )}
              >
                <span className="flex min-w-0 items-center gap-1.5 truncate font-mono">
                  {c.read_only ? <Lock className="size-3.5 shrink-0" aria-label="read-only" /> : null}
                  {c.name}
                </span>
                <span className="tabular-nums text-muted-foreground">{c.count ?? "?"}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={selected ? `Collection ${selected}` : "Collection"} className="min-w-0">
        {selected ? <CollectionTable key={selected} name={selected} /> : null}
      </section>
    </div>
  );
}
