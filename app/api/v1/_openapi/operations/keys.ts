/** The API-key operations (app/api/v1/keys/**). */
import { z } from "zod";
import {
  apiKeyView as apiKeyViewSchema,
  createdApiKey as newApiKeySchema,
  newApiKeyInput,
} from "@/lib/access/api-keys/contract";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data } from "../shared";

const tag = "API keys";

export const keyOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/keys",
    tag,
    scope: "read",
    operationId: "listApiKeys",
    summary: "List my API keys",
    description: "Newest first; never the keys themselves.",
    success: [{ status: 200, description: "The keys.", json: data(z.array(apiKeyViewSchema)) }],
  },
  {
    method: "post",
    path: "/api/v1/keys",
    tag,
    scope: "create",
    operationId: "createApiKey",
    summary: "Make an API key",
    description: "The whole key is in this answer only. A key can make keys with no more permissions than its own.",
    body: newApiKeyInput,
    example: { body: { name: "Nightly export", scopes: ["read"] } },
    success: [{ status: 201, description: "The new key.", json: data(newApiKeySchema) }],
    errors: ["unprocessable_entity", "conflict"],
  },
  {
    method: "delete",
    path: "/api/v1/keys/{id}",
    tag,
    scope: "delete",
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description: "It stops working at once.",
    params: { id: { description: "The key's id (not the key).", example: "KEY_ID" } },
    success: [{ status: 200, description: "The revoked key.", json: data(apiKeyViewSchema) }],
    errors: ["not_found"],
  },
];
