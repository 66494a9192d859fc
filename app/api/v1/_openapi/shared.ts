/**
 * Small helpers for the operation entries (operations/*.ts): the `{ data }`
 * envelope every JSON answer uses, path parameters with examples, and a
 * marker for answers not yet described field by field.
 */
import { z } from "zod";

/** `{ data: … }`: how every JSON answer of /api/v1 wraps its value. */
export const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** `{ data: […], next_cursor }`: a page of a list (pass `next_cursor` on to get the next one). */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  });

/** An object whose fields are not described one by one yet (its listed fields are). */
export const described = (description: string, fields: z.ZodRawShape = {}) =>
  z.looseObject(fields).meta({ description });

export const deletedCount = z.object({ deleted: z.number().int().meta({ description: "How many were deleted." }) });

/** A path parameter `{name}` with its description and an example value. */
export const param = (description: string, example: string) => ({ description, example });
