/**
 * GET /api/v1/notifications -> { data: NotificationsView }
 *
 * The long work of mine that finished lately (a video render, a design export, a bulk batch), newest first, and how
 * many jobs of mine are still queued or running. The header polls it: often while something runs, rarely otherwise.
 */
import { z } from "zod";

export const NOTIFICATION_KINDS = ["video", "design", "batch"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationItemSchema = z.object({
  /** Stable per finished piece of work: `job:<id>` or `batch:<id>`. */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** "succeeded": ready to open; "failed": it did not work (credits were refunded). */
  outcome: z.enum(["succeeded", "failed"]),
  /** One line in the customer's words: "Your video “Spring sale” is ready". */
  title: z.string(),
  /** Where to see it. */
  href: z.string(),
  finished_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationsViewSchema = z.object({
  items: z.array(notificationItemSchema),
  /** My queued or running jobs (any kind): the header polls faster and refreshes the credits while this is above 0. */
  active: z.number().int(),
});
export type NotificationsView = z.infer<typeof notificationsViewSchema>;

export const NOTIFICATIONS_PATH = "/api/v1/notifications";
