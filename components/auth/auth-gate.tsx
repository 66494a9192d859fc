"use client";

/**
 * Client-side mirror of the middleware's access rules: nothing behind the
 * gate renders until auth is resolved (no flash of the wrong screen), a
 * signed-out visitor is sent to /login with `next`, and `requireStaff`
 * sends a signed-in non-staff user home.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { endServerSession, isSigningOut } from "@/lib/client/auth/session";
import type { AuthContextValue } from "@/lib/access/auth/types";
import { FullPageSpinner } from "./full-page-spinner";

export interface GateDecision {
  show: "spinner" | "children";
  redirect: "login" | "home" | null;
}

export function gateDecision(
  auth: Pick<AuthContextValue, "status" | "profile" | "profileLoading">,
  requireStaff: boolean,
): GateDecision {
  if (auth.status === "loading") return { show: "spinner", redirect: null };
  if (auth.status === "signed-out") return { show: "spinner", redirect: "login" };
  if (!requireStaff) return { show: "children", redirect: null };
  if (auth.profileLoading) return { show: "spinner", redirect: null };
  if (auth.profile && !auth.profile.is_staff) return { show: "spinner", redirect: "home" };
  // Staff, or a profile that failed to load: the middleware already decided
  // with the server's staff rule, so a failed request does not bounce staff home.
  return { show: "children", redirect: null };
}

export function AuthGate({ children, requireStaff = false }: { children: ReactNode; requireStaff?: boolean }) {
  const { status, profile, profileLoading } = useAuth();
  const { show, redirect } = gateDecision({ status, profile, profileLoading }, requireStaff);
  const redirecting = useRef(false);

  useEffect(() => {
    if (!redirect || redirecting.current || isSigningOut()) return;
    redirecting.current = true;
    if (redirect === "login") {
      const here = `${window.location.pathname}${window.location.search}`;
      const login = `/login?next=${encodeURIComponent(here)}`;
      // The middleware let this page in, so a session cookie may still be
      // valid while Firebase has no user (site data cleared): end it first,
      // or /login would send the visitor straight back here.
      endServerSession()
        .catch((error: unknown) => console.error("[auth] clearing the session before sign-in failed", error))
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load, so the middleware sees the ended session
        .finally(() => window.location.assign(login));
    } else {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- as above
      window.location.assign("/");
    }
  }, [redirect]);

  return show === "children" ? <>{children}</> : <FullPageSpinner />;
}
