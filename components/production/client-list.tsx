"use client";
/** `/prod/clients`: the clients with search, and a form to add one (brand kit defaults; the client's page edits the rest). */
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Building2, Plus, Search } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { DEFAULT_BRAND_KIT } from "@/lib/creation/brand/contract";
import { createClient, useClients } from "@/lib/client/hooks/use-production";
import { fieldMessages } from "@/lib/client/api";

function NewClientForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [primary, setPrimary] = useState(DEFAULT_BRAND_KIT.colors.primary);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const msg = fieldMessages(error);
  return (
    <form
      aria-label="New client"
      className="grid gap-3 rounded-xl border p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const c = await createClient({
            name,
            brand_kit: { ...DEFAULT_BRAND_KIT, colors: { ...DEFAULT_BRAND_KIT.colors, primary } },
          });
          router.push(`/prod/clients/${c.id}`);
        } catch (err) {
          setError(err);
          setBusy(false);
        }
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="client-name">Client name</Label>
        <Input
          id="client-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={Boolean(msg.name)}
          aria-describedby={msg.name ? "client-name-error" : undefined}
        />
        {msg.name ? (
          <p id="client-name-error" className="text-sm text-destructive">
            {msg.name}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="client-primary">Primary colour</Label>
        <Input
          id="client-primary"
          type="color"
          className="w-16 p-1"
          value={primary}
          onChange={(e) => setPrimary(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy || !name.trim()}>
        <Plus />
        Add client
      </Button>
      {error && !msg.name ? (
        <Alert variant="destructive" className="sm:col-span-3">
          <AlertDescription>{error instanceof Error ? error.message : "The client was not saved."}</AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}

export function ClientList() {
  const [q, setQ] = useState("");
  const clients = useClients(q);
  return (
    <div className="space-y-6">
      <NewClientForm />
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          aria-label="Search clients"
          placeholder="Search by name or contact"
          className="pl-8"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {clients.error ? (
        <Alert variant="destructive">
          <AlertDescription>{clients.error.message}</AlertDescription>
        </Alert>
      ) : !clients.data ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : clients.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
          <Building2 className="size-6" aria-hidden />
          <p>{q.trim() ? `No client matches “${q.trim()}”.` : "No clients yet: add the first one above."}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Clients">
          {clients.data.map((c) => (
            <li key={c.id}>
              <Link
                href={`/prod/clients/${c.id}`}
                className="flex h-full items-start gap-3 rounded-xl border p-4 transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-semibold text-white"
                  style={{ background: c.colors.primary }}
                  aria-hidden
                >
                  {c.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1 space-y-1">
                  <span className="flex items-center gap-2 font-medium">
                    <span className="truncate">{c.name}</span>
                    {c.demo ? <Badge variant="outline">Demo</Badge> : null}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {c.pipeline_count} pipeline{c.pipeline_count === 1 ? "" : "s"} · {c.contact_count} contact
                    {c.contact_count === 1 ? "" : "s"}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
