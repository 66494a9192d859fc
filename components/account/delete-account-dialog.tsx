"use client";

/**
 * The last step before deleting an account: says what goes and what is kept
 * (lib/creation/account/contract.ts, the same lists the API follows), and asks for the
 * account's email, typed. A native modal <dialog>: the browser traps focus,
 * closes on Escape (unless a deletion is under way) and returns focus.
 */
import { LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { deleteMyAccount } from "@/lib/client/account";
import { DELETION_KEEPS, DELETION_REMOVES, sameEmail } from "@/lib/creation/account/contract";

export function DeleteAccountDialog({
  open,
  email,
  onClose,
  onDeleted,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = sameEmail(typed, email);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTyped("");
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteMyAccount(typed);
      onDeleted();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Your account was not deleted. Please try again.");
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border bg-popover p-0 text-popover-foreground shadow-xl backdrop:bg-black/40"
    >
      <form onSubmit={submit} className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          Delete your account?
        </h2>
        <p id={`${id}-intro`} className="text-sm text-muted-foreground">
          This cannot be undone. If you want a copy of your things, download your data first.
        </p>
        <div className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <h3 className="font-medium">Deleted</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
              {DELETION_REMOVES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-medium">Kept</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
              {DELETION_KEEPS.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>
            Type your email, <span className="font-semibold break-all">{email}</span>, to confirm
          </Label>
          <Input
            id={`${id}-email`}
            name="confirm_email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            disabled={busy}
            aria-invalid={typed.length > 0 && !matches ? true : undefined}
            autoFocus
          />
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Your account was not deleted</AlertTitle>
            <AlertDescription>
              <p>{error}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || busy} aria-busy={busy || undefined}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {busy ? "Deleting…" : "Delete my account for good"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
