"use client";

/**
 * The root not-found is part of every page's tree, so whatever it imports is
 * downloaded by every page, public viewers included. Its framing needs the
 * auth state (inside the shell for signed-in users), so that code is fetched
 * only when a 404 actually renders.
 */
import dynamic from "next/dynamic";
import { FullPageSpinner } from "@/components/auth/full-page-spinner";

export const LazyNotFoundFrame = dynamic(() => import("./not-found-frame").then((m) => m.NotFoundFrame), {
  ssr: false,
  loading: () => <FullPageSpinner />,
});
