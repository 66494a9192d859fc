"use client";

import { useEffect } from "react";

import { ErrorScreen } from "@/components/error-screen";
import { reportError } from "@/lib/client/observability/report-error";

import "./globals.css";

/** Errors in the root layout itself: replaces it, so it brings its own document and styles. */
export default function GlobalError({ error }: { error: unknown; retry: () => void; reset: () => void }) {
  useEffect(() => {
    reportError(error);
  }, [error]);

  return (
    <html lang="en">
      <body>
        <title>We&apos;re having trouble loading this page</title>
        <ErrorScreen />
      </body>
    </html>
  );
}
