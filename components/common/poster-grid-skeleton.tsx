import { Skeleton } from "@/components/ui/skeleton";

/**
 * The loading state of a grid of poster cards (Home's recent work, the public gallery): `count` cards of a
 * 16:9 poster and `lines` lines of text, announced once to screen readers by `label`.
 */
export function PosterGridSkeleton({
  label,
  gridClassName,
  count = 4,
  lines = 1,
}: {
  label: string;
  gridClassName: string;
  count?: number;
  lines?: 1 | 2;
}) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <ul className={gridClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-xl border bg-card">
            <Skeleton className="aspect-video w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Skeleton className="h-4 w-3/4" />
              {lines === 2 ? <Skeleton className="h-3 w-1/2" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
