"use client";
/**
 * /developers: a person's API keys. Make one (a name and its permissions),
 * see the whole key once with a copy button, see when each key was last
 * used, revoke one (it stops at once). The keys themselves are never shown
 * again: the list tells keys apart by their first characters.
 */
import { useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { KeyRound } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { McpConnect } from "@/components/developers/mcp-connect";
import { LoadError } from "@/components/common/load-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import {
  API_KEY_SCOPES,
  SCOPE_HINTS,
  SCOPE_LABELS,
  type ApiKeyScope,
  type ApiKeyView,
  type CreatedApiKey,
} from "@/lib/access/api-keys/contract";
import { fieldMessages } from "@/lib/client/api";
import { createApiKey, revokeApiKey, useApiKeys } from "@/lib/client/hooks/use-api-keys";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "just now", "5 minutes ago", then the date: when a key was last used. */
export function usedPhrase(iso: string | null, now = Date.now()): string {
  if (!iso) return "Never used";
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 90) return "Used just now";
  if (s < 3600) return `Used ${Math.round(s / 60)} minutes ago`;
  if (s < 86_400) return `Used ${Math.round(s / 3600)} hours ago`;
  return `Used ${dateTime.format(new Date(iso))}`;
}

export function ApiKeysScreen() {
  const keys = useApiKeys();
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const onMade = async (created: CreatedApiKey) => {
    setMade(created);
    await keys.mutate();
  };

  return (
    <div className="grid min-w-0 gap-8">
      <NewKeyForm onMade={onMade} />
      {made ? <NewKeyShown made={made} onDone={() => setMade(null)} /> : null}
      <section aria-labelledby="keys-heading" className="min-w-0">
        <h2 id="keys-heading" className="mb-3 text-lg font-semibold tracking-tight">
          Your keys
        </h2>
        {keys.error ? (
          <LoadError title="We couldn't load your keys" message={keys.error.message} onRetry={() => keys.mutate()} />
        ) : !keys.data ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading your keys">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : keys.data.length === 0 ? (
          <EmptyState icon={KeyRound} heading="No keys yet" headingLevel="h3">
            Make a key above to call the Promptframe API from your own programs or an AI assistant.
          </EmptyState>
        ) : (
          <ul className="grid gap-2">
            {keys.data.map((k) => (
              <KeyRow key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
            ))}
          </ul>
        )}
      </section>
      <McpConnect />
      <RevokeDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={async () => {
          setRevoking(null);
          await keys.mutate();
        }}
      />
    </div>
  );
}

function NewKeyForm({ onMade }: { onMade(created: CreatedApiKey): Promise<void> }) {
  const nameId = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["read", "create"]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const toggle = (s: ApiKeyScope, on: boolean) =>
    setScopes((now) => (on ? API_KEY_SCOPES.filter((x) => x === s || now.includes(x)) : now.filter((x) => x !== s)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onMade(await createApiKey({ name, scopes }));
      setName("");
    } catch (err) {
      setError({ message: (err as Error).message, fields: fieldMessages(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="new-key-heading" className="min-w-0 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id="new-key-heading" className="text-lg font-semibold tracking-tight">
        Make a key
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A key lets a program act as you through the API, with only the permissions you give it. Whatever it spends comes
        out of your credits. See the{" "}
        <Link className="underline underline-offset-2" href="/developers/api">
          API reference
        </Link>
        .
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor={nameId}>Key name</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder="e.g. Shop sync script"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error?.fields.name ? true : undefined}
            aria-describedby={error?.fields.name ? `${nameId}-error` : undefined}
          />
          {error?.fields.name ? (
            <p id={`${nameId}-error`} className="text-sm text-destructive">
              {error.fields.name}
            </p>
          ) : null}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Permissions</legend>
          {API_KEY_SCOPES.map((s) => (
            <label
              key={s}
              className="flex items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={scopes.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
              />
              <span className="min-w-0">
                <span className="block font-medium">{SCOPE_LABELS[s]}</span>
                <span className="block text-muted-foreground">{SCOPE_HINTS[s]}</span>
              </span>
            </label>
          ))}
          {error?.fields.scopes ? <p className="text-sm text-destructive">{error.fields.scopes}</p> : null}
        </fieldset>
        {error && Object.keys(error.fields).length === 0 ? (
          <Alert variant="destructive">
            <AlertTitle>The key was not made</AlertTitle>
            <AlertDescription>{error.message}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Making the key…" : "Make key"}
          </Button>
        </div>
      </form>
    </section>
  );
}

function NewKeyShown({ made, onDone }: { made: CreatedApiKey; onDone(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Where the eyes and the keyboard go next: the key that will not be shown again.
  useEffect(() => ref.current?.focus(), [made.key]);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Alert ref={ref} tabIndex={-1} role="status" layout="block" className="min-w-0 border-primary/50 outline-none">
      <AlertTitle className="mb-2 font-semibold">Your new key “{made.api_key.name}”</AlertTitle>
      <AlertDescription className="grid gap-3">
        <CopyField
          label="API key"
          value={made.key}
          copyLabel="Copy key"
          description="Copy it now and keep it somewhere safe: for your security it is never shown again."
        />
        <CopyField
          label="Try it"
          value={`curl -H "Authorization: Bearer ${made.key}" ${origin}/api/v1/user-info`}
          copyLabel="Copy command"
          multiline
        />
        <div>
          <Button variant="outline" size="sm" onClick={onDone}>
            I have saved it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function KeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKeyView; onRevoke(): void }) {
  const revoked = k.revoked_at !== null;
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
      aria-label={`Key ${k.name}`}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium">{k.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{k.prefix}…</code>
          {revoked ? <Badge variant="destructive">Revoked</Badge> : <Badge variant="secondary">Active</Badge>}
        </p>
        <p className="flex flex-wrap gap-1" aria-label="Permissions">
          {k.scopes.map((s) => (
            <Badge key={s} variant="outline">
              {SCOPE_LABELS[s]}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          Made <time dateTime={k.created_at}>{dateTime.format(new Date(k.created_at))}</time> ·{" "}
          <span data-testid="last-used">{usedPhrase(k.last_used_at)}</span>
          {revoked ? (
            <>
              {" "}
              · revoked <time dateTime={k.revoked_at!}>{dateTime.format(new Date(k.revoked_at!))}</time>
            </>
          ) : null}
        </p>
      </div>
      {revoked ? null : (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center" onClick={onRevoke}>
          Revoke<span className="sr-only"> {k.name}</span>
        </Button>
      )}
    </li>
  );
}

function RevokeDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeyView | null;
  onClose(): void;
  onRevoked(): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = async () => {
    if (!apiKey) return;
    setBusy(true);
    setError(null);
    try {
      await revokeApiKey(apiKey.id);
      await onRevoked();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={apiKey !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      busy={busy}
      width="sm"
      title={`Revoke “${apiKey?.name ?? ""}”?`}
      description="Programs using this key stop working at once. This cannot be undone: make a new key instead."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button variant="destructive" onClick={() => void revoke()} disabled={busy}>
            {busy ? "Revoking…" : "Revoke key"}
          </Button>
        </>
      }
    >
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </Dialog>
  );
}
