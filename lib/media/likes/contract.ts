/** What a like or unlike answers (`POST|DELETE /api/v1/images/{id}/like`); browser-safe. */
import { z } from "zod";

export const likeStateSchema = z.object({ likes: z.number().int(), liked_by_me: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;
