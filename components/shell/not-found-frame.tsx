"use client";

import type { ReactNode } from "react";

import { BrandLogo } from "@/components/brand-logo";
import { FullPageSpinner } from "@/components/auth/full-page-spinner";
import { AuthProviders } from "@/components/providers/auth-providers";
import { useAuth } from "@/lib/client/hooks/auth-provider";

import { AppShell } from "./app-shell";

/**
 * Frames the 404: inside the app shell for signed-in users (they keep their
 * navigation), on its own for visitors. A spinner until auth resolves, so
 * neither frame flashes before the other.
 */
export function NotFoundFrame({ children }: { children: ReactNode }) {
  return (
    <AuthProviders>
      <Framed>{children}</Framed>
    </AuthProviders>
  );
}

function Framed({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-in") {
    return (
      <AppShell>
        <div className="flex justify-center py-10">{children}</div>
      </AppShell>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-16">
      <BrandLogo href="/" className="mb-10" />
      {children}
    </main>
  );
}
