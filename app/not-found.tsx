import type { Metadata } from "next";
import Link from "next/link";
import { House, SearchX } from "lucide-react";

import { LazyNotFoundFrame as NotFoundFrame } from "@/components/shell/lazy-not-found-frame";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/**
 * The 404 for the whole app: inside the shell for signed-in users, on its own
 * for visitors (NotFoundFrame decides once auth resolves).
 */
export default function NotFound() {
  return (
    <NotFoundFrame>
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <SearchX aria-hidden="true" className="size-7" />
        </div>
        <p className="text-sm font-medium text-primary">Error 404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Page not found</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          The page you&apos;re looking for doesn&apos;t exist or has moved. Check the address, or head back home.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link href="/">
            <House aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </div>
    </NotFoundFrame>
  );
}
