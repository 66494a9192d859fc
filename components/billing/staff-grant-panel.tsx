"use client";
/** Staff only: grant credits to a user by email or uid, with a reason kept in the ledger. */
import { useRef, useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { STAFF_GRANT_DAILY_CAP, staffGrantBodySchema, type StaffGrantResult } from "@/lib/money/billing/contract";
import { grantCredits, newRequestId } from "@/lib/client/hooks/use-billing";
import type { ApiClientError } from "@/lib/client/api";

import { formatNumber } from "./format";

export function StaffGrantPanel({ onGranted }: { onGranted?(result: StaffGrantResult): void }) {
  const [user, setUser] = useState("");
  const [credits, setCredits] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<StaffGrantResult | null>(null);
  // One id per filled-in form: a double submit grants once; any edit makes it a new grant.
  const requestId = useRef(newRequestId());
  const edited = () => {
    requestId.current = newRequestId();
    setDone(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = staffGrantBodySchema.safeParse({
      user,
      credits: credits.trim() === "" ? NaN : Number(credits),
      note,
      request_id: requestId.current,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the form.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await grantCredits(parsed.data);
      setDone(result);
      onGranted?.(result);
    } catch (err) {
      setProblem((err as ApiClientError).message);
      requestId.current = newRequestId();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="staff-grant-heading">
      <CardHeader>
        <CardTitle as="h2" id="staff-grant-heading" className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
          Grant credits (staff)
        </CardTitle>
        <CardDescription>
          Adds credits to a user&apos;s balance. The ledger records who granted them and why. Each staff member can
          grant up to {formatNumber(STAFF_GRANT_DAILY_CAP)} credits in 24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Grant credits"
          onSubmit={submit}
          className="grid gap-3 md:grid-cols-[1fr_8rem_1fr_auto] md:items-end"
          noValidate
        >
          <div className="space-y-1.5">
            <Label htmlFor="grant-user">User email or uid</Label>
            <Input
              id="grant-user"
              value={user}
              autoComplete="off"
              onChange={(e) => {
                setUser(e.target.value);
                edited();
              }}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="grant-credits">Credits</Label>
            <Input
              id="grant-credits"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={credits}
              onChange={(e) => {
                setCredits(e.target.value);
                edited();
              }}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="grant-note">Reason</Label>
            <Input
              id="grant-note"
              value={note}
              placeholder="e.g. refund for a failed export"
              onChange={(e) => {
                setNote(e.target.value);
                edited();
              }}
            />
          </div>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Granting…" : "Grant credits"}
          </Button>
        </form>
        {problem ? (
          <Alert variant="destructive" className="mt-3">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        {done ? (
          <p role="status" className="mt-3 text-sm font-medium text-primary">
            {done.duplicate
              ? `Already granted: ${done.email ?? done.user_id} has ${formatNumber(done.balance)} credits.`
              : `Granted ${formatNumber(done.credits_granted)} credits to ${done.email ?? done.user_id}. Their balance is now ${formatNumber(done.balance)}.`}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
