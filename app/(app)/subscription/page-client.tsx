"use client";
/**
 * The subscription screen: plan and credits, the plans side by side, the
 * usage history, (staff only) granting credits, and the person's data
 * (download, analytics choice, sign out everywhere, delete). Loaded on demand by
 * subscription-screen.tsx.
 */
import { Suspense, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";

import { BillingOverview } from "@/components/billing/billing-overview";
import { PlanCards } from "@/components/billing/plan-cards";
import { ReturnNotice, useStripeReturn, type ConfirmState } from "@/components/billing/return-notice";
import { StaffGrantPanel } from "@/components/billing/staff-grant-panel";
import { PrivacySection } from "@/components/account/privacy-section";
import { UsageHistory } from "@/components/billing/usage-history";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import type { BillingSummary } from "@/lib/money/billing/contract";
import { useBilling } from "@/lib/client/hooks/use-billing";
import { useBillingActions } from "@/lib/client/hooks/use-billing-actions";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { LoadError } from "@/components/common/load-error";

/** How long to keep asking for the new plan after Stripe sends the user back. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 30_000;

export default function SubscriptionPage() {
  return (
    <Suspense fallback={<OverviewSkeleton />}>
      <SubscriptionScreen />
    </Suspense>
  );
}

function SubscriptionScreen() {
  const { profile } = useAuth();
  const returned = useStripeReturn();
  const [confirm, setConfirm] = useState<ConfirmState>(
    returned.kind === "checkout-success" || returned.kind === "portal" ? "waiting" : "done",
  );
  const confirming = confirm === "waiting";
  const billing = useBilling({
    refreshInterval: confirming ? CONFIRM_POLL_MS : undefined,
    checkoutSession: returned.sessionId,
  });
  const actions = useBillingActions();
  const { mutate } = useSWRConfig();
  const first = useRef<BillingSummary | null>(null);
  const last = useRef<BillingSummary | null>(null);

  // After Stripe sends the user back, poll until its webhooks have been applied (or say it is slow).
  useEffect(() => {
    if (!confirming) return;
    const t = setTimeout(() => setConfirm(returned.kind === "portal" ? "done" : "slow"), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [confirming, returned.kind]);
  useEffect(() => {
    const data = billing.data;
    if (!data) return;
    first.current ??= data;
    const before = first.current;
    const changed =
      data.plan !== before.plan ||
      data.balance !== before.balance ||
      data.subscription?.status !== before.subscription?.status;
    if (confirming && (data.checkout ? data.checkout.completed : changed)) setConfirm("done");
    // The shell shows the balance and plan from the profile: keep it in step.
    const prev = last.current;
    last.current = data;
    if (prev && (prev.balance !== data.balance || prev.plan !== data.plan)) void mutate(isProfileKey);
  }, [billing.data, confirming, mutate]);

  // A grant to oneself changes the balance and the history: reload both.
  const [historyVersion, setHistoryVersion] = useState(0);
  const refreshAll = () => {
    void billing.mutate();
    void mutate(isProfileKey);
    setHistoryVersion((v) => v + 1);
  };

  const summary = billing.data;
  return (
    <div className="space-y-10">
      {returned.kind ? <ReturnNotice kind={returned.kind} state={confirm} /> : null}

      {summary ? (
        <BillingOverview summary={summary} pending={actions.pending} onAction={actions.run} />
      ) : billing.error ? (
        <LoadError
          title="We couldn't load your plan"
          message={<>{billing.error.message} Your plan and credits are not affected.</>}
          onRetry={() => billing.mutate()}
        />
      ) : (
        <OverviewSkeleton />
      )}

      {actions.error ? (
        <Alert variant="destructive">
          <AlertTitle>That didn&apos;t work</AlertTitle>
          <AlertDescription>
            <p>{actions.error.error.message}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="plans-heading" className="space-y-4">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold tracking-tight">
            Plans
          </h2>
          <p className="text-sm text-muted-foreground">
            Monthly credits and limits per plan. Credits from paid plans carry over; Free tops up to 100 each month.
          </p>
        </div>
        {summary && !summary.purchasable.available ? (
          <Alert role="status">
            <AlertTitle>Billing isn&apos;t set up on this server</AlertTitle>
            <AlertDescription>
              <p>{summary.purchasable.reason}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        {summary ? (
          <PlanCards summary={summary} pending={actions.pending} onAction={actions.run} />
        ) : (
          <Skeleton className="h-72 w-full" />
        )}
      </section>

      <UsageHistory refreshKey={historyVersion} />

      {profile?.is_staff ? <StaffGrantPanel onGranted={refreshAll} /> : null}

      <PrivacySection />
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">Loading your plan</span>
      {[0, 1].map((i) => (
        <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      ))}
    </div>
  );
}
