/**
 * The parts of Stripe's event objects the webhook reads, checked with zod
 * (Stripe API 2026-10 "endive" shapes: a subscription's period lives on its
 * items, an invoice names its subscription under `parent.subscription_details`
 * and each line's price under `pricing.price_details`).
 */
import { z } from "zod";

/** An expandable field: the id, or the expanded object carrying it. */
const ref = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((o) => o.id)]);
const metadata = z
  .record(z.string(), z.string())
  .nullable()
  .optional()
  .transform((m) => m ?? {});

export const checkoutSessionSchema = z.object({
  id: z.string().min(1),
  object: z.literal("checkout.session"),
  mode: z.string(),
  customer: ref.nullable().optional(),
  client_reference_id: z.string().nullable().optional(),
  payment_status: z.string(),
  subscription: ref.nullable().optional(),
  metadata,
});
export type CheckoutSessionObject = z.output<typeof checkoutSessionSchema>;

export const subscriptionSchema = z.object({
  id: z.string().min(1),
  object: z.literal("subscription"),
  customer: ref,
  status: z.string(),
  cancel_at_period_end: z.boolean().optional().default(false),
  cancel_at: z.number().nullable().optional(),
  metadata,
  items: z.object({
    data: z
      .array(
        z.object({
          id: z.string().min(1),
          price: z.object({ id: z.string().min(1) }),
          current_period_start: z.number(),
          current_period_end: z.number(),
        }),
      )
      .min(1),
  }),
});
export type SubscriptionObject = z.output<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string().min(1),
  object: z.literal("invoice"),
  customer: ref.nullable().optional(),
  billing_reason: z.string().nullable().optional(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: ref, metadata }).nullable().optional(),
    })
    .nullable()
    .optional(),
  lines: z.object({
    data: z.array(
      z.object({
        amount: z.number(),
        period: z.object({ start: z.number(), end: z.number() }),
        pricing: z
          .object({ price_details: z.object({ price: ref }).nullable().optional() })
          .nullable()
          .optional(),
      }),
    ),
  }),
});
export type InvoiceObject = z.output<typeof invoiceSchema>;

export const fromUnix = (seconds: number) => new Date(seconds * 1000);
