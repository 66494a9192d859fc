"use client";
/** The plan and the credits at a glance: balance, this period's grant, the next renewal or refresh, and buying more. */
import Link from "next/link";
import { CalendarDays, Coins, Crown, LoaderCircle } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { BillingSummary } from "@/lib/money/billing/contract";
import { CREDIT_PACKS, PLANS, priceLabel } from "@/lib/money/billing/plans";
import { actionKey, type BillingAction } from "@/lib/client/hooks/use-billing-actions";

import { formatDate, formatNumber } from "./format";

const PACK = CREDIT_PACKS.credits_500;
const BUY_PACK: BillingAction = { kind: "checkout", item: "credits_500" };
const MANAGE: BillingAction = { kind: "portal", action: "manage" };

const STATUS_TEXT: Record<string, string> = {
  past_due: "Payment failed: Stripe is retrying your card. Update it in Manage billing.",
  trialing: "Trial",
};

export function nextDateSentence(summary: BillingSummary): string {
  const at = formatDate(summary.period.next.at) ?? "soon";
  const credits = formatNumber(summary.period.monthly_credits);
  switch (summary.period.next.kind) {
    case "renews":
      return `Renews on ${at} with ${credits} new credits.`;
    case "ends":
      return `Your subscription ends on ${at}; then you are on the Free plan.`;
    default:
      return `Free credits refresh to ${credits} on ${at}.`;
  }
}

export function BillingOverview(props: {
  summary: BillingSummary;
  pending: string | null;
  onAction(action: BillingAction): void;
}) {
  const { summary, pending } = props;
  const plan = PLANS[summary.plan];
  const status = summary.subscription ? STATUS_TEXT[summary.subscription.status] : undefined;
  const granted = summary.period.granted;
  const packNote = !summary.purchasable.available
    ? "Billing isn't set up on this server."
    : !summary.purchasable.items.credits_500
      ? "Credit packs aren't for sale on this server yet."
      : null;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Crown aria-hidden="true" className="size-4 text-primary" />
            Current plan
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="flex items-center gap-3">
            <span className="text-3xl font-semibold tracking-tight" data-testid="current-plan">
              {plan.name}
            </span>
            {summary.subscription?.status === "past_due" ? <Badge variant="destructive">Payment due</Badge> : null}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            {nextDateSentence(summary)}
          </p>
          {status ? <p className="text-sm text-muted-foreground">{status}</p> : null}
          {summary.has_billing_account ? (
            <Button
              variant="outline"
              size="sm"
              disabled={pending !== null || !summary.purchasable.available}
              aria-busy={pending === actionKey(MANAGE) || undefined}
              onClick={() => props.onAction(MANAGE)}
            >
              {pending === actionKey(MANAGE) ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              Manage billing
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Coins aria-hidden="true" className="size-4 text-primary" />
            Credits available
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p
            className={`text-3xl font-semibold tracking-tight tabular-nums${summary.balance < 0 ? " text-destructive" : ""}`}
            data-testid="credit-balance"
            aria-describedby={summary.balance_note ? "balance-note" : undefined}
          >
            {formatNumber(summary.balance)}
          </p>
          {summary.balance_note ? (
            <p
              id="balance-note"
              role="note"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive"
            >
              {summary.balance_note}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            This month&apos;s grant:{" "}
            <span className="font-medium text-foreground">
              {granted === null ? "not yet" : `${formatNumber(granted)} credits`}
            </span>{" "}
            ({plan.name} plan: {formatNumber(summary.period.monthly_credits)} a month)
          </p>
          {summary.signup_credits === "pending" ? (
            <p className="text-sm text-muted-foreground">
              Your free credits wait for a verified email: open the link we sent you, then sign in again to get{" "}
              {formatNumber(PLANS.free.monthlyCredits)} credits.
            </p>
          ) : summary.signup_credits === "refused" ? (
            <p className="text-sm text-muted-foreground">
              This email address already received its free credits on another account.
            </p>
          ) : null}
          {summary.just_granted > 0 ? (
            <p role="status" className="text-sm font-medium text-primary">
              Your free credits were topped up with {formatNumber(summary.just_granted)} credits.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <span>Credits are spent as you generate images and videos.</span>
            <Button asChild variant="ghost" size="sm">
              <Link href="/create">Start creating</Link>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              size="sm"
              disabled={pending !== null || packNote !== null}
              aria-describedby={packNote ? "pack-note" : undefined}
              aria-busy={pending === actionKey(BUY_PACK) || undefined}
              onClick={() => props.onAction(BUY_PACK)}
            >
              {pending === actionKey(BUY_PACK) ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              Buy {PACK.name} · {priceLabel(PACK.priceCents)}
            </Button>
            {packNote ? (
              <span id="pack-note" className="text-xs text-muted-foreground">
                {packNote}
              </span>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
