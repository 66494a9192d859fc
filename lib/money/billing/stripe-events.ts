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
  /** Payment mode: the PaymentIntent that took the money (its charge's refunds and disputes name it). */
  payment_intent: ref.nullable().optional(),
  amount_total: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  metadata,
});
export type CheckoutSessionObject = z.output<typeof checkoutSessionSchema>;

/** `charge.refunded`: `amount_refunded` is the running total; `refunds` is listed only when expanded. */
export const chargeSchema = z.object({
  id: z.string().min(1),
  object: z.literal("charge"),
  amount: z.number().int().min(0),
  amount_captured: z.number().int().min(0).optional(),
  amount_refunded: z.number().int().min(0),
  currency: z.string(),
  customer: ref.nullable().optional(),
  payment_intent: ref.nullable().optional(),
  refunds: z
    .object({ data: z.array(z.object({ id: z.string().min(1) })) })
    .nullable()
    .optional(),
});
export type ChargeObject = z.output<typeof chargeSchema>;

/** `charge.dispute.created|closed`: a chargeback (or an inquiry, `warning_*`) on one charge. */
export const disputeSchema = z.object({
  id: z.string().min(1),
  object: z.literal("dispute"),
  amount: z.number().int().min(0),
  charge: ref,
  currency: z.string(),
  payment_intent: ref.nullable().optional(),
  reason: z.string(),
  status: z.string(),
});
export type DisputeObject = z.output<typeof disputeSchema>;

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
