/**
 * GET /api/v1/notifications -> { data: NotificationsView }
 *
 * The long work of mine that finished lately (a video render, a design export, a bulk batch), newest first, and how
 * many jobs of mine are still queued or running. The header polls it: often while something runs, rarely otherwise.
 */
export const NOTIFICATION_KINDS = ["video", "design", "batch"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationItem {
  /** Stable per finished piece of work: `job:<id>` or `batch:<id>`. */
  id: string;
  kind: NotificationKind;
  /** "succeeded": ready to open; "failed": it did not work (credits were refunded). */
  outcome: "succeeded" | "failed";
  /** One line in the customer's words: "Your video “Spring sale” is ready". */
  title: string;
  /** Where to see it. */
  href: string;
  finished_at: string;
}

export interface NotificationsView {
  items: NotificationItem[];
  /** My queued or running jobs (any kind): the header polls faster and refreshes the credits while this is above 0. */
  active: number;
}

export const NOTIFICATIONS_PATH = "/api/v1/notifications";
