import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 20 random alphanumerics, like Firestore's auto ids (~119 bits). */
export function autoId(): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
