"use client";

/**
 * "Your data" on the account screen (/subscription): download everything,
 * the analytics choice, sign out everywhere, delete the account. Each action
 * shows its own progress and error in place; the two that end the session
 * finish by signing this browser out (useAuth().signOut), which lands on /login.
 */
import { Download, LoaderCircle, LogOut, Trash2 } from "lucide-react";
import { useRef, useState } from "react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { downloadMyData, saveArchive, signOutEverywhere } from "@/lib/client/account";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { analyticsConfigured, setAnalyticsConsent } from "@/lib/client/observability/analytics";
import { useAnalyticsConsent } from "@/lib/client/observability/use-consent";
import { DeleteAccountDialog } from "./delete-account-dialog";

const sizeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

function Row({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id: string;
  description: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-b py-5 last:border-b-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 space-y-1">
        <h3 id={`${id}-title`} className="font-medium">
          {title}
        </h3>
        <div id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </div>
      </div>
      {children ? (
        <div className="flex shrink-0 flex-col items-stretch gap-2 sm:max-w-xs sm:items-end">{children}</div>
      ) : null}
    </div>
  );
}

type DownloadState =
  | { kind: "idle" }
  | { kind: "working"; bytes: number }
  | { kind: "done"; bytes: number }
  | { kind: "failed"; message: string };

function DownloadRow() {
  const [state, setState] = useState<DownloadState>({ kind: "idle" });
  const working = state.kind === "working";

  async function start() {
    setState({ kind: "working", bytes: 0 });
    try {
      const archive = await downloadMyData((bytes) => setState({ kind: "working", bytes }));
      saveArchive(archive);
      setState({ kind: "done", bytes: archive.blob.size });
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof Error ? error.message : "The download failed. Please try again.",
      });
    }
  }

  return (
    <Row
      id="download-data"
      title="Download my data"
      description="One ZIP file with everything you made: your videos, images, designs, pages, uploads, products, brand kit, likes and credit history, as JSON documents and the files themselves."
    >
      <Button
        variant="outline"
        onClick={start}
        disabled={working}
        aria-busy={working || undefined}
        aria-describedby="download-data-description"
      >
        {working ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        {working ? "Preparing your archive…" : "Download my data"}
      </Button>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground sm:text-right">
        {state.kind === "working"
          ? state.bytes > 0
            ? `Downloaded ${formatBytes(state.bytes)}…`
            : "Collecting your data…"
          : null}
        {state.kind === "done" ? `Done: ${formatBytes(state.bytes)} saved to your downloads.` : null}
      </p>
      {state.kind === "failed" ? (
        <Alert variant="destructive">
          <AlertTitle>The download failed</AlertTitle>
          <AlertDescription>
            <p>{state.message}</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </Row>
  );
}

function AnalyticsRow() {
  const consent = useAnalyticsConsent();
  if (!analyticsConfigured()) {
    return (
      <Row id="analytics" title="Product analytics" description="This server does not collect product analytics." />
    );
  }
  const allowed = consent === "granted";
  return (
    <Row
      id="analytics"
      title="Product analytics"
      description={
        <>
          <p>We measure which pages you visit and which features you use (PostHog), only if you allow it.</p>
          <p className="mt-1 font-medium text-foreground">
            {consent === undefined
              ? "Checking…"
              : allowed
                ? "Currently: allowed."
                : consent === "denied"
                  ? "Currently: not allowed."
                  : "Currently: not decided (nothing is measured)."}
          </p>
        </>
      }
    >
      <Button
        variant="outline"
        disabled={consent === undefined}
        onClick={() => void setAnalyticsConsent(allowed ? "denied" : "granted")}
        aria-describedby="analytics-description"
      >
        {allowed ? "Stop analytics" : "Allow analytics"}
      </Button>
    </Row>
  );
}

function SignOutEverywhereRow() {
  const { signOut } = useAuth();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setWorking(true);
    setError(null);
    try {
      await signOutEverywhere();
      await signOut();
    } catch (e) {
      setError(e instanceof Error ? e.message : "That didn't work. Please try again.");
      setWorking(false);
    }
  }

  return (
    <Row
      id="sign-out-everywhere"
      title="Sign out everywhere"
      description="Ends every session of your account: on this device, other browsers, phones and anywhere you may have stayed signed in. You sign in again with your email or Google."
    >
      <Button
        variant="outline"
        onClick={run}
        disabled={working}
        aria-busy={working || undefined}
        aria-describedby="sign-out-everywhere-description"
      >
        {working ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
        Sign out everywhere
      </Button>
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Your sessions were not ended</AlertTitle>
          <AlertDescription>
            <p>{error}</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </Row>
  );
}

function DeleteRow() {
  const { profile, user, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const email = profile?.email ?? user?.email ?? null;
  return (
    <Row
      id="delete-account"
      title="Delete my account"
      description="Deletes everything you made and your sign-in, for good. Download your data first if you want to keep a copy."
    >
      <Button
        ref={opener}
        variant="destructive"
        onClick={() => setOpen(true)}
        disabled={!email}
        aria-describedby="delete-account-description"
        aria-haspopup="dialog"
      >
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      {email ? (
        <DeleteAccountDialog
          open={open}
          email={email}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onDeleted={() => void signOut()}
        />
      ) : null}
    </Row>
  );
}

export function PrivacySection() {
  return (
    <section aria-labelledby="privacy-heading" className="space-y-2">
      <div>
        <h2 id="privacy-heading" className="text-lg font-semibold tracking-tight">
          Your data
        </h2>
        <p className="text-sm text-muted-foreground">
          Take your data with you, choose what we measure, and close your account.
        </p>
      </div>
      <div className="rounded-xl border bg-card px-4 sm:px-5">
        <DownloadRow />
        <AnalyticsRow />
        <SignOutEverywhereRow />
        <DeleteRow />
      </div>
    </section>
  );
}
