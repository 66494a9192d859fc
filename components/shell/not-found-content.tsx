"use client";

/**
 * The body of the app's 404. A client component on purpose: the root
 * not-found is in every page's tree, and a lucide icon rendered by a server
 * component is a client reference that Next may resolve to another route's
 * chunks (on /login it pulled in the home screen's chunks and tailwind-merge).
 * Bundled here, the two icons cost a few hundred bytes in the not-found chunk.
 * The link takes the button's classes without the Button component, which
 * would bring tailwind-merge to every page.
 */
import Link from "next/link";
import { House, SearchX } from "lucide-react";

import { buttonVariants } from "@/components/ui/button-variants";

export function NotFoundContent() {
  return (
    <div className="w-full max-w-md text-center">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <SearchX aria-hidden="true" className="size-7" />
      </div>
      <p className="text-sm font-medium text-primary">Error 404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        The page you&apos;re looking for doesn&apos;t exist or has moved. Check the address, or head back home.
      </p>
      <Link href="/" data-slot="button" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <House aria-hidden="true" />
        Back to home
      </Link>
    </div>
  );
}
