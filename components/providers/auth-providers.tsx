"use client";

/**
 * What screens that know the user need: the SWR cache settings and the auth
 * state (the Firebase SDK). Mounted by the signed-in, staff and sign-in
 * layouts only, so public viewers ship neither.
 */
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthProvider } from "@/lib/client/hooks/auth-provider";
import { ApiClientError } from "@/lib/client/api";

/** A 4xx will answer the same again; only server and network failures are worth retrying. */
function shouldRetryOnError(error: Error): boolean {
  return !(error instanceof ApiClientError && error.status >= 400 && error.status < 500);
}

export function AuthProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ shouldRetryOnError }}>
      <AuthProvider>{children}</AuthProvider>
    </SWRConfig>
  );
}
