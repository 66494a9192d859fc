"use client";
/**
 * /developers/webhooks: add an endpoint (address and events), see its signing
 * secret once, and per endpoint send a test event, read the delivery log
 * (state, response code, attempts, the payload), resend, turn it off or on,
 * roll the secret and delete it (webhook-endpoint-card.tsx).
 */
import { useId, useState } from "react";

import { LoadError } from "@/components/common/load-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { fieldMessages } from "@/lib/client/api";
import { createWebhook, useWebhooks } from "@/lib/client/hooks/use-webhooks";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/platform/webhooks/contract";

import { EndpointCard, messageOf } from "./webhook-endpoint-card";

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
