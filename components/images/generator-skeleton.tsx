import { Skeleton } from "@/components/ui/skeleton";

/** The generator's shape while the client part loads, so the page does not jump. */
export function GeneratorSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6 lg:grid-cols-12">
      <span className="sr-only">Loading the generator</span>
      <div className="space-y-5 rounded-xl border bg-card p-6 lg:col-span-5">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-4 w-32" />
        <div className="flex gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-16" />
          ))}
        </div>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="ml-auto h-11 w-32" />
      </div>
      <Skeleton className="min-h-64 rounded-xl lg:col-span-7" />
    </div>
  );
}
