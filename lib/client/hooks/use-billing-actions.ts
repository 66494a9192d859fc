"use client";
/**
 * The buttons that leave for Stripe: one request in flight at a time, the
 * same request id for a repeated click (the server then answers with the
 * first session), a fresh one after a failure, and the browser sent to the
 * page Stripe returns.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiClientError } from "@/lib/client/api";
import type { PortalBody } from "@/lib/money/billing/contract";
import { newRequestId, openPortal, startCheckout } from "./use-billing";

export type BillingAction =
  | { kind: "checkout"; item: "pro" | "team" | "credits_500" }
  | { kind: "portal"; action: NonNullable<PortalBody["action"]>; plan?: string };

export function actionKey(a: BillingAction): string {
  return a.kind === "checkout" ? `checkout:${a.item}` : `portal:${a.action}:${a.plan ?? ""}`;
}

export function useBillingActions(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ key: string; error: ApiClientError } | null>(null);
  const ids = useRef(new Map<string, string>());
  const busy = useRef(false);

  // Back from Stripe through the browser's history restores this page as it was left: make it usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      busy.current = false;
      setPending(null);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const run = useCallback(
    async (a: BillingAction) => {
      const key = actionKey(a);
      if (busy.current) return; // a second click while the first is on its way
      busy.current = true;
      setPending(key);
      setError(null);
      try {
        let requestId = ids.current.get(key);
        if (!requestId) ids.current.set(key, (requestId = newRequestId()));
        const { url } =
          a.kind === "checkout"
            ? await startCheckout({ item: a.item, request_id: requestId })
            : await openPortal({ action: a.action, plan: a.plan });
        navigate(url);
        // Stay "pending" while the browser leaves, so nothing can be clicked twice.
      } catch (e) {
        ids.current.delete(key);
        setError({ key, error: e as ApiClientError });
        setPending(null);
        busy.current = false;
      }
    },
    [navigate],
  );

  return { run, pending, error, clearError: () => setError(null) };
}
