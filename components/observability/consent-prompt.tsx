"use client";

/**
 * The analytics question, asked once per browser where PostHog is configured:
 * a small bar at the bottom of the page, not a modal (the page stays usable
 * without an answer, and nothing is measured until "Allow"). The answer can be
 * changed later in the privacy section of /subscription.
 */
import { buttonVariants } from "@/components/ui/button-variants";
import type { ConsentAnswer } from "@/lib/client/observability/consent";

export function ConsentPrompt({ onAnswer }: { onAnswer: (answer: ConsentAnswer) => void }) {
  return (
    <section
      aria-labelledby="analytics-consent-title"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-xl rounded-xl border bg-background p-4 text-sm shadow-lg sm:inset-x-4 sm:bottom-4"
    >
      <h2 id="analytics-consent-title" className="font-semibold">
        Help us improve Promptframe?
      </h2>
      <p id="analytics-consent-body" className="mt-1 text-muted-foreground">
        With your permission we measure which pages you visit and which features you use (PostHog), to see what works.
        Nothing is measured until you allow it, and you can change your mind in Subscription → Your data.
      </p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-describedby="analytics-consent-body"
          onClick={() => onAnswer("denied")}
        >
          Don&apos;t allow
        </button>
        <button
          type="button"
          className={buttonVariants({ size: "sm" })}
          aria-describedby="analytics-consent-body"
          onClick={() => onAnswer("granted")}
        >
          Allow analytics
        </button>
      </div>
    </section>
  );
}
