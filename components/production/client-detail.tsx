"use client";
/**
 * `/prod/clients/{id}`: the brand kit (colours, fonts, logo asset), default
 * template (live templates), contacts and notes, edited with a revision check;
 * the client's pipelines, recent runs, webhook deliveries and credits used;
 * archive with confirmation.
 */
import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Archive, Plus, Save, Trash2 } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { BRAND_COLOR_ROLES, type BrandKitInput } from "@/lib/creation/brand/contract";
import { FONT_IDS, FONTS, type FontId } from "@/lib/engine/composition/fonts";
import { archiveClient, updateClient, useClient } from "@/lib/client/hooks/use-production";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import { fieldMessages } from "@/lib/client/api";
import type { ClientView, Contact } from "@/lib/operations/production/contract";
import { scheduleText } from "@/lib/operations/production/schedule";
import { DeliveryBadge, RunStateBadge, when } from "./shared";

const SELECT = "h-9 w-full rounded-md border border-input bg-background px-2 text-sm";

function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="space-y-3 rounded-xl border p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function EditForm({ client }: { client: ClientView }) {
  const { mutate } = useClient(client.id);
  const options = useVideoOptions();
  const [name, setName] = useState(client.name);
  const [kit, setKit] = useState<BrandKitInput>(client.brand_kit);
  const [template, setTemplate] = useState(client.default_template_id ?? "");
  const [contacts, setContacts] = useState<Contact[]>(client.contacts);
  const [notes, setNotes] = useState(client.notes);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(false), [name, kit, template, contacts, notes]);
  const msg = fieldMessages(error);
  const fontOf = (ref: BrandKitInput["fonts"]["heading"]) => (ref.kind === "bundled" ? ref.id : "");
  return (
    <form
      aria-label="Client details"
      className="space-y-6"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await mutate(
            updateClient(client.id, {
              revision: client.revision,
              name,
              brand_kit: kit,
              default_template_id: template || null,
              contacts,
              notes,
            }),
            { revalidate: false },
          );
          setSaved(true);
        } catch (err) {
          setError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Section title="Brand kit">
        <div className="space-y-1.5">
          <Label htmlFor="c-name">Name</Label>
          <Input id="c-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(msg.name)} />
          {msg.name ? <p className="text-sm text-destructive">{msg.name}</p> : null}
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Colours</legend>
          <div className="flex flex-wrap gap-4">
            {BRAND_COLOR_ROLES.map((role) => (
              <label key={role} className="flex flex-col items-center gap-1 text-xs capitalize">
                <input
                  type="color"
                  className="size-10 cursor-pointer rounded border"
                  value={kit.colors[role]}
                  aria-label={`${role} colour`}
                  onChange={(e) => setKit({ ...kit, colors: { ...kit.colors, [role]: e.target.value } })}
                />
                {role}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          {(["heading", "body"] as const).map((slot) => (
            <div key={slot} className="space-y-1.5">
              <Label htmlFor={`font-${slot}`} className="capitalize">{`${slot} font`}</Label>
              <select
                id={`font-${slot}`}
                className={SELECT}
                value={fontOf(kit.fonts[slot])}
                onChange={(e) =>
                  setKit({ ...kit, fonts: { ...kit.fonts, [slot]: { kind: "bundled", id: e.target.value as FontId } } })
                }
              >
                {kit.fonts[slot].kind === "asset" ? <option value="">Uploaded font</option> : null}
                {FONT_IDS.map((f) => (
                  <option key={f} value={f}>
                    {FONTS[f].label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="space-y-1.5">
            <Label htmlFor="c-logo">Logo asset id</Label>
            <Input
              id="c-logo"
              placeholder="none"
              value={kit.logo_asset_id ?? ""}
              onChange={(e) => setKit({ ...kit, logo_asset_id: e.target.value.trim() || null })}
              aria-invalid={Boolean(msg["brand_kit.logo_asset_id"])}
            />
          </div>
        </div>
        <div
          className="flex items-center gap-3 rounded-lg border p-3"
          style={{ background: kit.colors.background, color: kit.colors.text }}
          aria-label="Brand preview"
        >
          <span className="size-6 rounded" style={{ background: kit.colors.primary }} />
          <span className="size-6 rounded" style={{ background: kit.colors.secondary }} />
          <span className="size-6 rounded" style={{ background: kit.colors.accent }} />
          <span
            style={{ fontFamily: FONTS[(fontOf(kit.fonts.heading) || "inter") as FontId].family }}
            className="font-semibold"
          >
            {name || "Client"}
          </span>
        </div>
      </Section>
      <Section title="Default template">
        <select
          aria-label="Default template"
          className={SELECT}
          value={template}
          onChange={(e) => setTemplate(e.target.value)}
        >
          <option value="">The writer picks per video</option>
          {(options.data?.templates ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} (v{t.version})
            </option>
          ))}
          {template && options.data && !options.data.templates.some((t) => t.id === template) ? (
            <option value={template}>{template} (not live)</option>
          ) : null}
        </select>
        {msg.default_template_id ? <p className="text-sm text-destructive">{msg.default_template_id}</p> : null}
      </Section>
      <Section
        title="Contacts"
        actions={
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setContacts([...contacts, { name: "", email: null, role: null }])}
            disabled={contacts.length >= 20}
          >
            <Plus />
            Add contact
          </Button>
        }
      >
        {contacts.length === 0 ? <p className="text-sm text-muted-foreground">No contacts yet.</p> : null}
        {contacts.map((c, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
            <Input
              aria-label={`Contact ${i + 1} name`}
              placeholder="Name"
              value={c.name}
              onChange={(e) => setContacts(contacts.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <Input
              aria-label={`Contact ${i + 1} email`}
              placeholder="Email"
              type="email"
              value={c.email ?? ""}
              onChange={(e) =>
                setContacts(contacts.map((x, j) => (j === i ? { ...x, email: e.target.value || null } : x)))
              }
            />
            <Input
              aria-label={`Contact ${i + 1} role`}
              placeholder="Role"
              value={c.role ?? ""}
              onChange={(e) =>
                setContacts(contacts.map((x, j) => (j === i ? { ...x, role: e.target.value || null } : x)))
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove contact ${i + 1}`}
              onClick={() => setContacts(contacts.filter((_, j) => j !== i))}
            >
              <Trash2 />
            </Button>
            {msg[`contacts.${i}`] ? (
              <p className="text-sm text-destructive sm:col-span-4">{msg[`contacts.${i}`]}</p>
            ) : null}
          </div>
        ))}
      </Section>
      <Section title="Notes">
        <Textarea aria-label="Notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Section>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error instanceof Error ? error.message : "Not saved."}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy || client.archived}>
          <Save />
          Save client
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-muted-foreground">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}

export function ClientDetail({ id }: { id: string }) {
  const router = useRouter();
  const client = useClient(id);
  const [confirming, setConfirming] = useState(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  if (client.error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {client.error.status === 404 ? "There is no such client." : client.error.message}{" "}
          <Link href="/prod/clients" className="underline">
            Back to clients
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  const c = client.data;
  if (!c) return <Skeleton className="h-96 rounded-xl" />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        {c.archived ? <Badge variant="outline">Archived</Badge> : null}
        <EditForm key={c.revision} client={c} />
        {!c.archived ? (
          <div className="space-y-2 rounded-xl border border-destructive/30 p-4">
            {confirming ? (
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm">Archive {c.name}? Its pipelines stop running; runs and videos stay.</p>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={async () => {
                    try {
                      await archiveClient(id, c.revision);
                      router.push("/prod/clients");
                    } catch (e) {
                      setArchiveError(e instanceof Error ? e.message : "Not archived.");
                    }
                  }}
                >
                  Yes, archive
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </div>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                <Archive />
                Archive client
              </Button>
            )}
            {archiveError ? <p className="text-sm text-destructive">{archiveError}</p> : null}
          </div>
        ) : null}
      </div>
      <div className="space-y-6">
        <section className="grid grid-cols-2 gap-3" aria-label="Usage">
          <div className="rounded-xl border p-4">
            <p className="text-sm text-muted-foreground">Credits used</p>
            <p className="text-2xl font-semibold" data-testid="client-credits">
              {c.credits_used}
            </p>
          </div>
          <div className="rounded-xl border p-4">
            <p className="text-sm text-muted-foreground">Videos delivered</p>
            <p className="text-2xl font-semibold">{c.videos_delivered}</p>
          </div>
        </section>
        <Section
          title="Pipelines"
          actions={
            !c.archived ? (
              <Button asChild size="sm" variant="outline">
                <Link href={`/prod/pipelines?client=${c.id}`}>
                  <Plus />
                  New pipeline
                </Link>
              </Button>
            ) : null
          }
        >
          {c.pipelines.length === 0 ? <p className="text-sm text-muted-foreground">No pipelines yet.</p> : null}
          <ul className="divide-y">
            {c.pipelines.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                <Link href={`/prod/pipelines/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                  {p.name}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {p.archived ? "Archived" : scheduleText(p.schedule)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Runs">
          {c.runs.length === 0 ? <p className="text-sm text-muted-foreground">No runs yet.</p> : null}
          <ul className="divide-y">
            {c.runs.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link
                  href={`/prod/pipelines/${r.pipeline_id}?run=${r.id}`}
                  className="underline-offset-4 hover:underline"
                >
                  {r.pipeline_name} · {when(r.created_at)}
                </Link>
                <span className="flex items-center gap-2">
                  <span className="text-muted-foreground">
                    {r.done_count}/{r.item_count} · {r.credits_used} cr
                  </span>
                  <RunStateBadge state={r.state} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Deliveries">
          {c.deliveries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No webhook deliveries yet.</p>
          ) : null}
          <ul className="divide-y">
            {c.deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="truncate text-muted-foreground">
                  {new URL(d.url).host} · {when(d.created_at)}
                </span>
                <DeliveryBadge state={d.state} attempts={d.attempts.length} />
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}
