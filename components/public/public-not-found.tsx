import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";

/**
 * The not-found of the public viewers: a server component inside the public
 * layout, so a visitor with a dead link downloads no auth code either.
 */
export function PublicNotFound({ noun }: { noun: string }) {
  return (
    <div className="mx-auto w-full max-w-md py-10 text-center">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <SearchX aria-hidden="true" className="size-7" />
      </div>
      <p className="text-sm font-medium text-primary">Error 404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">We couldn&apos;t find this {noun}</h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        The link may be wrong, or the owner may have stopped sharing it.
      </p>
      <Button asChild className="mt-8">
        <Link href="/">Go to Promptframe</Link>
      </Button>
    </div>
  );
}
