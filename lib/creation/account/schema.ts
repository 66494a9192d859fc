/** The account routes' request bodies (server side of contract.ts). */
import { z } from "zod";

export const deleteAccountInputSchema = z.strictObject({
  /** The account's email, typed by the person: the confirmation. */
  confirm_email: z.string().trim().min(1, "Type your email address to confirm.").max(320),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;
