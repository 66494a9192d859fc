/**
 * The account routes' wire contract (browser-safe, no zod: the settings
 * screen imports the paths and texts, the routes the schema in schema.ts).
 *
 *   POST /api/v1/account/export               no body -> 200 application/zip (streamed)
 *   POST /api/v1/account/delete               { confirm_email } -> { data: DeleteAccountResult }
 *   POST /api/v1/account/sign-out-everywhere  no body -> { data: { signed_out: true } }
 */
export const ACCOUNT_EXPORT_PATH = "/api/v1/account/export";
export const ACCOUNT_DELETE_PATH = "/api/v1/account/delete";
export const SIGN_OUT_EVERYWHERE_PATH = "/api/v1/account/sign-out-everywhere";

export interface DeleteAccountResult {
  deleted: true;
  /** Documents removed, per collection. */
  documents: Record<string, number>;
  /** Records kept for accounting under `pseudonym`, per collection. */
  pseudonymised: Record<string, number>;
  files: number;
  pseudonym: string;
}

/** What deleting removes and what it keeps: the confirmation dialog says exactly this. */
export const DELETION_REMOVES = [
  "Your videos, images, designs and pages, and their public links",
  "Every file you uploaded or made (pictures, videos, logos, fonts)",
  "Your brand kit, products, vibes, likes and batches",
  "Your profile and sign-in: every session ends and you cannot sign in again",
] as const;

export const DELETION_KEEPS = [
  "Your credit history and payment records, for accounting, with your name and id replaced by an anonymous code",
  "A record that changes were made, without who made them or what they said",
] as const;

/** Email addresses compare without case or surrounding spaces. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
