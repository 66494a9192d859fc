import type { Metadata } from "next";
import { Suspense, type ReactNode } from "react";
import { DeferredAnalytics } from "@/components/observability/deferred-analytics";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Promptframe", default: "Promptframe" },
  description: "Create designs, videos and images with AI.",
};

/**
 * The root wraps every page, public viewers included, so it loads nothing of
 * its own: the auth state and SWR come from the layouts of the screens that
 * need them (components/providers/auth-providers.tsx), analytics only when a
 * key is configured, after the page is idle.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        {process.env.NEXT_PUBLIC_POSTHOG_KEY ? (
          <Suspense fallback={null}>
            <DeferredAnalytics />
          </Suspense>
        ) : null}
      </body>
    </html>
  );
}
