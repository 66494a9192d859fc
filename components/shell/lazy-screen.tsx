/**
 * `lazyScreen(() => import("./screen"))`: a screen loaded on demand, with the
 * retry-then-reload-once policy of retryImport and the full-page spinner
 * while it loads.
 */
import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { FullPageSpinner } from "@/components/auth/full-page-spinner";
import { retryImport } from "@/lib/client/lazy/retry-import";

export function lazyScreen<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return dynamic<P>(() => retryImport(importer), { loading: () => <FullPageSpinner className="min-h-64 flex-1" /> });
}
