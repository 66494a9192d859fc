"use client";
/** One webhook endpoint on /developers/webhooks: its details, its actions, and its delivery log. */
import { useState } from "react";

import { LoadError } from "@/components/common/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  deleteWebhook,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhook,
  useWebhookDeliveries,
} from "@/lib/client/hooks/use-webhooks";
import type { WebhookDeliveryView, WebhookEndpointView } from "@/lib/platform/webhooks/contract";

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Try again.");
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

const STATE_LABEL: Record<WebhookDeliveryView["state"], string> = {
  pending: "Sending",
  retrying: "Retrying",
  succeeded: "Delivered",
  failed: "Failed",
};

export function EndpointCard({
  endpoint: ep,
  onChanged,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onChanged(): unknown;
  onSecret(secret: string): void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const log = useWebhookDeliveries(showLog ? ep.id : null);

  const act = async (name: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(name);
    setProblem(null);
    setNote(null);
    try {
      await work();
      if (done) setNote(done);
      await onChanged();
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-mono text-sm font-medium break-all">{ep.url}</h3>
          <Badge variant={ep.enabled ? "secondary" : "outline"}>{ep.enabled ? "Enabled" : "Disabled"}</Badge>
        </div>
        {ep.description ? <CardDescription>{ep.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Events</dt>
          <dd className="flex flex-wrap gap-1">
            {ep.events.map((e) => (
              <Badge key={e} variant="outline">
                {e}
              </Badge>
            ))}
          </dd>
          <dt className="text-muted-foreground">Last delivery</dt>
          <dd>
            {ep.last_delivery
              ? `${STATE_LABEL[ep.last_delivery.state]}${ep.last_delivery.status ? ` (${ep.last_delivery.status})` : ""}, ${when(ep.last_delivery.at)}`
              : "None yet"}
          </dd>
          <dt className="text-muted-foreground">Signing secret</dt>
          <dd className="font-mono text-xs">{ep.secret_hint}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            disabled={busy !== null}
            onClick={() =>
              act(
                "test",
                async () => {
                  await sendWebhookTest(ep.id);
                  setShowLog(true);
                  await log.mutate();
                },
                "Test event sent. Its delivery is in the log below.",
              )
            }
          >
            {busy === "test" ? "Sending…" : "Send test event"}
          </Button>
          <Button
            type="button"
            variant="secondary"
            aria-expanded={showLog}
            aria-controls={`log-${ep.id}`}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? "Hide delivery log" : "Delivery log"}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy !== null}
            onClick={() =>
              act(
                "toggle",
                () => updateWebhook(ep.id, { enabled: !ep.enabled }),
                ep.enabled ? "Disabled: no new events are sent to it." : "Enabled.",
              )
            }
          >
            {ep.enabled ? "Disable" : "Enable"}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy !== null}
            onClick={() => act("roll", async () => onSecret((await rollWebhookSecret(ep.id)).secret))}
          >
            {busy === "roll" ? "Rolling…" : "Roll secret"}
          </Button>
          {confirmDelete ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm">Delete this endpoint and its log?</span>
              <Button
                type="button"
                variant="destructive"
                disabled={busy !== null}
                onClick={() => act("delete", () => deleteWebhook(ep.id))}
              >
                {busy === "delete" ? "Deleting…" : "Yes, delete"}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
            </span>
          ) : (
            <Button type="button" variant="ghost" disabled={busy !== null} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {note ?? ""}
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        {showLog ? (
          <section id={`log-${ep.id}`} aria-label={`Delivery log of ${ep.url}`} className="space-y-2">
            <h4 className="text-sm font-semibold">Delivery log</h4>
            <p className="text-xs text-muted-foreground">The last 50 deliveries of the past 30 days.</p>
            {log.error ? (
              <LoadError
                title="We couldn't load the deliveries"
                message={log.error.message}
                onRetry={() => log.mutate()}
              />
            ) : !log.data ? (
              <Skeleton className="h-16 w-full" aria-label="Loading the deliveries" />
            ) : log.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No deliveries yet. Send a test event to try your endpoint.
              </p>
            ) : (
              <ul className="divide-y rounded-md border">
                {log.data.map((d) => (
                  <DeliveryRow
                    key={d.id}
                    delivery={d}
                    onResend={() =>
                      act(
                        "resend",
                        async () => {
                          await resendWebhookDelivery(ep.id, d.id);
                          await log.mutate();
                        },
                        "Sent again. The new delivery is at the top of the log.",
                      )
                    }
                    busy={busy !== null}
                  />
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeliveryRow({
  delivery: d,
  onResend,
  busy,
}: {
  delivery: WebhookDeliveryView;
  onResend(): void;
  busy: boolean;
}) {
  const last = d.attempts.at(-1);
  const finished = d.state === "succeeded" || d.state === "failed";
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-xs">{d.event_type}</code>
        <Badge variant={d.state === "failed" ? "destructive" : d.state === "succeeded" ? "secondary" : "outline"}>
          {STATE_LABEL[d.state]}
        </Badge>
        <span>Response: {last ? (last.status ?? "no answer") : "not sent yet"}</span>
        <span className="text-muted-foreground">{when(d.created_at)}</span>
        {d.resend_of ? <span className="text-muted-foreground">(resent)</span> : null}
      </div>
      {last?.error ? <p className="text-muted-foreground break-words">{last.error}</p> : null}
      {d.state === "retrying" && d.next_attempt_at ? (
        <p className="text-muted-foreground">Next try {when(d.next_attempt_at)}.</p>
      ) : null}
      <details>
        <summary className="cursor-pointer text-muted-foreground">
          {d.attempts.length} {d.attempts.length === 1 ? "attempt" : "attempts"} and the payload
        </summary>
        <ol className="my-2 space-y-1">
          {d.attempts.map((a) => (
            <li key={a.at}>
              {when(a.at)}: {a.status ?? "no answer"}, {a.duration_ms} ms{a.error ? `, ${a.error}` : ""}
            </li>
          ))}
        </ol>
        <pre className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">
          {JSON.stringify(JSON.parse(d.payload), null, 2)}
        </pre>
      </details>
      {finished ? (
        <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={onResend}>
          Resend
        </Button>
      ) : null}
    </li>
  );
}
