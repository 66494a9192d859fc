"use client";

import Link from "next/link";
import { CalendarDays, Coins, Crown } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth/client/auth-provider";

// Fixed locale and time zone: the same text on the server and in the browser.
const numberFormat = new Intl.NumberFormat("en-US");
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function planLabel(plan: string): string {
  const trimmed = plan.trim();
  if (!trimmed) return "Free";
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).replace(/[_-]+/g, " ");
}

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** Plan and credits from the signed-in profile (GET /api/v1/user-info/). */
export function SubscriptionSummary() {
  const { profile, profileLoading } = useAuth();

  if (!profile && profileLoading) {
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

  if (!profile) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We couldn&apos;t load your plan</AlertTitle>
        <AlertDescription>
          <p>Refresh the page to try again. Your plan and credits are not affected.</p>
        </AlertDescription>
      </Alert>
    );
  }

  const memberSince = formatDate(profile.created_at);

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Crown aria-hidden="true" className="size-4 text-primary" />
            Current plan
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="text-3xl font-semibold tracking-tight">{planLabel(profile.plan)}</p>
          {memberSince ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-4" />
              Member since {memberSince}
            </p>
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
          <p className="text-3xl font-semibold tracking-tight tabular-nums">{numberFormat.format(profile.credits)}</p>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <span>Credits are spent as you generate images and videos.</span>
            <Button asChild variant="outline" size="sm">
              <Link href="/create">Start creating</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

export default SubscriptionSummary;
