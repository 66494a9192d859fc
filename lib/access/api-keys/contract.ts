/**
 * The API keys calls' shapes, shared by the routes and the browser:
 *   GET    /api/v1/keys        -> { data: ApiKeyView[] }
 *   POST   /api/v1/keys        body NewApiKeyInput -> 201 { data: { key, api_key: ApiKeyView } } (the key shown once)
 *   DELETE /api/v1/keys/{id}   -> { data: ApiKeyView } (revoked)
 */
import { z } from "zod";
import { API_KEY_SCOPES, apiKeyScope, type ApiKeyScope } from "./collections";

export { API_KEY_SCOPES, type ApiKeyScope };

export const newApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, "Give the key a name.").max(60, "Use at most 60 characters."),
  scopes: z
    .array(apiKeyScope)
    .min(1, "Pick at least one permission.")
    .transform((s) => [...new Set(s)]),
});
export type NewApiKeyInput = z.infer<typeof newApiKeyInput>;

/** What lists and the API show of a key: never its hash. */
export const apiKeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first 11 characters (`pf_` and 8 more), to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(apiKeyScope),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** POST /api/v1/keys's answer: the whole key, this once. */
export const createdApiKey = z.object({
  key: z.string().meta({ description: "The whole key (`pf_…`): shown this once; store it as a secret." }),
  api_key: apiKeyView,
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** How the developer screen names each permission. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: "Read",
  create: "Create and edit",
  render: "Render (spends credits)",
  delete: "Delete",
};

/** What each permission lets a program do, in a person's words. */
export const SCOPE_HINTS: Record<ApiKeyScope, string> = {
  read: "List and read videos, images, designs, products, jobs and your balance.",
  create: "Make and edit storyboards, designs, products and assets (free).",
  render: "Render videos, export designs and generate images: spends your credits.",
  delete: "Delete videos, images, designs, products and assets, and revoke keys.",
};
