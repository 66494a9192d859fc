import type { VideoLength, VideoOptions } from "@/lib/creation/video/contract";

/** The plan a length needs to render ("Pro"), or null when the person's plan renders it. */
export function planForLength(options: Pick<VideoOptions, "length_plans">, length: number) {
  return options.length_plans.find((l) => l.length_s === length) ?? null;
}

/**
 * The Length choices, each marked with the plan it needs before it is picked ("60 s Pro"), so a plan limit is never
 * a surprise after pressing Render. A storyboard of any length is still free, so the option stays pickable.
 */
export function lengthChoices(options: Pick<VideoOptions, "lengths" | "length_plans">) {
  return options.lengths.map((s) => {
    const needs = planForLength(options, s);
    return {
      value: String(s),
      ariaLabel: needs ? `About ${s} seconds, renders on the ${needs.plan} plan` : `About ${s} seconds`,
      label: (
        <>
          <span>{s} s</span>
          {needs ? (
            <span
              data-testid="plan-mark"
              className="rounded-sm bg-amber-100 px-1 text-[0.65rem] font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
            >
              {needs.plan}
            </span>
          ) : null}
        </>
      ),
    };
  });
}

/** "Videos longer than 30 s need the Pro plan." for a picked length the plan does not render, else null. */
export function lengthPlanNotice(options: Pick<VideoOptions, "length_plans">, length: VideoLength): string | null {
  const needs = planForLength(options, length);
  return needs ? `Videos longer than ${needs.max_seconds} s need the ${needs.plan} plan.` : null;
}
