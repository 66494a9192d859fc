import Link from "next/link";

import { clsx } from "clsx";

/* clsx, not cn: this mark is on the error and public pages, which skip tailwind-merge; callers add no conflicting classes. */

/** The Promptframe mark: a framed spark. Decorative; the word next to it is the name. */
export function BrandMark({ className }: { className?: string }) {
  // The gradient lives in CSS, not in <defs>: SVG gradient ids collide when the
  // mark is rendered twice (sidebar + top bar) and vanish inside display:none.
  return (
    <span
      aria-hidden="true"
      className={clsx(
        "inline-flex size-7 shrink-0 items-center justify-center rounded-[9px] bg-linear-to-br from-violet-500 to-indigo-700 shadow-sm",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-full">
        <rect
          x="7"
          y="7"
          width="18"
          height="18"
          rx="4"
          fill="none"
          stroke="white"
          strokeOpacity="0.55"
          strokeWidth="1.6"
        />
        <path d="M16 9.5l1.7 4.8 4.8 1.7-4.8 1.7-1.7 4.8-1.7-4.8-4.8-1.7 4.8-1.7z" fill="white" />
      </svg>
    </span>
  );
}

interface BrandLogoProps {
  /** Render as a link to this path; omit for a plain mark (e.g. on error screens). */
  href?: string;
  className?: string;
  /** On a phone narrower than 420 px show only the mark (the name stays for screen readers): the header needs the room. */
  compact?: boolean;
}

export function BrandLogo({ href, className, compact = false }: BrandLogoProps) {
  const content = (
    <>
      <BrandMark />
      <span className={clsx("text-[1.05rem] font-semibold tracking-tight", compact && "max-[419px]:sr-only")}>
        Promptframe
      </span>
    </>
  );
  const classes = clsx("inline-flex items-center gap-2 rounded-md", className);
  return href ? (
    <Link href={href} className={classes}>
      {content}
    </Link>
  ) : (
    <span className={classes}>{content}</span>
  );
}
