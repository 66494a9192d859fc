"use client";
/**
 * /developers/webhooks: add an endpoint (address and events), see its signing
 * secret once, and per endpoint send a test event, read the delivery log
 * (state, response code, attempts, the payload), resend, turn it off or on,
 * roll the secret and delete it.
 */
import { useId, useState } from "react";

import { LoadError } from "@/components/common/load-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { fieldMessages } from "@/lib/client/api";
import {
  createWebhook,
  deleteWebhook,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "@/lib/client/hooks/use-webhooks";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "@/lib/platform/webhooks/contract";

const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Try again.");
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

const STATE_LABEL: Record<WebhookDeliveryView["state"], string> = {
  pending: "Sending",
  retrying: "Retrying",
  succeeded: "Delivered",
  failed: "Failed",
};

export function WebhooksScreen() {
  const list = useWebhooks();
  const [secret, setSecret] = useState<{ url: string; secret: string; rolled: boolean } | null>(null);

  return (
    <div className="space-y-8">
      <AddEndpointForm
        onAdded={(made) => {
          setSecret({ url: made.url, secret: made.secret, rolled: false });
          void list.mutate();
        }}
      />
      {secret ? <SecretPanel {...secret} onDone={() => setSecret(null)} /> : null}
      <section aria-labelledby="endpoints-title" className="space-y-4">
        <h2 id="endpoints-title" className="text-lg font-semibold">
          Your endpoints
        </h2>
        {list.error ? (
          <LoadError
            title="We couldn't load your endpoints"
            message={list.error.message}
            onRetry={() => list.mutate()}
          />
        ) : !list.data ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading your endpoints">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
            No endpoints yet. Add the address of a server of yours above, and Promptframe will tell it when your videos,
            images, designs and batches are done.
          </p>
        ) : (
          <ul className="space-y-4">
            {list.data.map((ep) => (
              <li key={ep.id}>
                <EndpointCard
                  endpoint={ep}
                  onChanged={() => list.mutate()}
                  onSecret={(s) => setSecret({ url: ep.url, secret: s, rolled: true })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SecretPanel({
  url,
  secret,
  rolled,
  onDone,
}: {
  url: string;
  secret: string;
  rolled: boolean;
  onDone(): void;
}) {
  return (
    <Alert>
      <AlertTitle>{rolled ? "Your new signing secret" : "Endpoint added: copy its signing secret"}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p className="break-all">
          For {url}. This is the only time it is shown. Your server uses it to check the Promptframe-Signature header of
          each event.
        </p>
        <CopyField label="Signing secret" value={secret} copyLabel="Copy secret" />
        <Button type="button" variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function AddEndpointForm({ onAdded }: { onAdded(made: { url: string; secret: string }): void }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["video.ready", "video.failed"]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldMessages(error);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await createWebhook({ url, description, events });
      setUrl("");
      setDescription("");
      onAdded(made);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add an endpoint</CardTitle>
        <CardDescription>
          Promptframe sends a signed POST with a JSON body to this address when something you chose happens. It must be
          a public https address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://example.com/promptframe-events"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={fields.url ? true : undefined}
              aria-describedby={fields.url ? `${id}-url-error` : undefined}
              required
            />
            {fields.url ? (
              <p id={`${id}-url-error`} className="text-sm text-destructive">
                {fields.url}
              </p>
            ) : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-desc`}>Description (optional)</Label>
            <Input
              id={`${id}-desc`}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Our publishing server"
            />
          </div>
          <fieldset className="space-y-2" aria-describedby={fields.events ? `${id}-events-error` : undefined}>
            <legend className="text-sm font-medium">Events to send</legend>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <label key={t} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={events.includes(t)}
                  onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, t] : cur.filter((x) => x !== t)))}
                />
                <span>
                  {WEBHOOK_EVENT_LABELS[t]} <code className="text-xs text-muted-foreground">{t}</code>
                </span>
              </label>
            ))}
            {fields.events ? (
              <p id={`${id}-events-error`} className="text-sm text-destructive">
                {fields.events}
              </p>
            ) : null}
          </fieldset>
          {error && !fields.url && !fields.events ? (
            <p role="alert" className="text-sm text-destructive">
              {messageOf(error)}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add endpoint"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function EndpointCard({
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
