"use client";
/** What happened at Stripe, read from the return URL (?checkout=success|cancelled, ?portal=return). */
import { useRouter, useSearchParams } from "next/navigation";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type StripeReturn = "checkout-success" | "checkout-cancelled" | "portal" | null;

export function useStripeReturn(): { kind: StripeReturn; sessionId: string | null } {
  const params = useSearchParams();
  const checkout = params.get("checkout");
  const sessionId = params.get("session_id");
  if (checkout === "success")
    return {
      kind: "checkout-success",
      sessionId: sessionId && /^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId) ? sessionId : null,
    };
  if (checkout === "cancelled") return { kind: "checkout-cancelled", sessionId: null };
  if (params.get("portal") === "return") return { kind: "portal", sessionId: null };
  return { kind: null, sessionId: null };
}

export type ConfirmState = "waiting" | "done" | "slow";

export function ReturnNotice({ kind, state }: { kind: StripeReturn; state: ConfirmState }) {
  const waiting = state === "waiting";
  const router = useRouter();
  if (!kind) return null;
  const dismiss = (
    <Button
      variant="ghost"
      size="sm"
      className="mt-2"
      onClick={() => router.replace("/subscription", { scroll: false })}
    >
      Dismiss
    </Button>
  );
  if (kind === "checkout-cancelled") {
    return (
      <Alert role="status">
        <CircleX aria-hidden="true" />
        <AlertTitle>Checkout cancelled</AlertTitle>
        <AlertDescription>
          <p>Nothing was charged and your plan is unchanged.</p>
          {dismiss}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert role="status">
      {waiting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheck aria-hidden="true" />}
      <AlertTitle>{kind === "portal" ? "Back from billing" : "Payment received"}</AlertTitle>
      <AlertDescription>
        <p>
          {waiting
            ? kind === "portal"
              ? "Changes made in billing show here as soon as Stripe confirms them, usually within seconds."
              : "Stripe is confirming it; your plan and credits update here in a few seconds."
            : state === "slow" && kind === "checkout-success"
              ? "Stripe has not confirmed the payment yet. It can take a minute: refresh this page shortly. You will not be charged twice."
              : "Your plan and credits below are up to date."}
        </p>
        {dismiss}
      </AlertDescription>
    </Alert>
  );
}
