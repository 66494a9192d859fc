/** What a like or unlike answers (`POST|DELETE /api/v1/images/{id}/like`); browser-safe. */
export interface LikeState {
  likes: number;
  liked_by_me: boolean;
}
