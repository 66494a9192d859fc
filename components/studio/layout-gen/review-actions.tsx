"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Check, X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { approveGeneratedLayout, rejectGeneratedLayout } from "@/lib/client/hooks/use-generated-layouts";
import type { GeneratedLayoutView } from "@/lib/studio/layout-gen/contract";
import { ApiClientError } from "@/lib/client/api";

interface ReviewActionsProps {
  layout: GeneratedLayoutView;
  /** Called with the reviewed layout (or after a conflict, with null: reload). */
  onReviewed(next: GeneratedLayoutView | null, decision: "approve" | "reject"): void;
}

/**
 * Approve (into the layout pipeline as a draft) or reject with a reason. The
 * revision the reviewer saw travels with the decision; when someone else got
 * there first the server's message is shown and the caller reloads.
 */
export function ReviewActions({ layout, onReviewed }: ReviewActionsProps) {
  const id = useId();
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (layout.generation.status !== "pending") {
    return layout.generation.status === "accepted" ? (
      <Button asChild size="sm" variant="outline">
        <Link href={layout.pipeline_path}>Open in the layout pipeline</Link>
      </Button>
    ) : (
      <p className="text-sm text-muted-foreground">
        Rejected{layout.generation.reason ? `: ${layout.generation.reason}` : ""}
      </p>
    );
  }

  async function decide(decision: "approve" | "reject") {
    setBusy(decision);
    setError(null);
    try {
      const next =
        decision === "approve"
          ? await approveGeneratedLayout(layout.id, layout.revision)
          : await rejectGeneratedLayout(layout.id, layout.revision, reason);
      setRejecting(false);
      onReviewed(next, decision);
    } catch (e) {
      setError(e instanceof Error ? e.message : "That did not work. Try again.");
      if (e instanceof ApiClientError && e.status === 409) onReviewed(null, decision);
    } finally {
      setBusy(null);
    }
  }

  const tooShort = reason.trim().length < 3;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => decide("approve")}
          disabled={busy !== null}
          aria-label={`Approve ${layout.name}`}
        >
          <Check aria-hidden="true" />
          {busy === "approve" ? "Approving…" : "Approve"}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setRejecting((v) => !v)}
          disabled={busy !== null}
          aria-expanded={rejecting}
          aria-controls={`${id}-reject`}
          aria-label={`Reject ${layout.name}`}
        >
          <X aria-hidden="true" />
          Reject…
        </Button>
      </div>
      {rejecting ? (
        <form
          id={`${id}-reject`}
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!tooShort) void decide("reject");
          }}
        >
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Why reject it?
          </label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={2}
            placeholder="e.g. the logo fights the price badge"
            aria-describedby={`${id}-hint`}
            autoFocus
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            The reason is kept with the layout; a rejected layout stays out of the library.
          </p>
          <Button type="submit" size="sm" variant="destructive" disabled={tooShort || busy !== null}>
            {busy === "reject" ? "Rejecting…" : "Reject with this reason"}
          </Button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
