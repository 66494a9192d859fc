/**
 * Input rules of the email sign-in forms, checked before anything is sent to
 * Firebase. The password minimum is Firebase Auth's own (shorter passwords
 * fail with auth/weak-password), shown to the user up front.
 */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;

const email = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .pipe(z.email("Enter a valid email address."));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password."),
});

export const signUpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(100, "Keep your name under 100 characters.")
      .optional()
      .transform((v) => v || undefined),
    email,
    password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`),
    confirmPassword: z.string().min(1, "Confirm your password."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "The passwords do not match.",
    path: ["confirmPassword"],
  });

export const resetSchema = z.object({ email });

export type SignInInput = z.output<typeof signInSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;
export type ResetInput = z.output<typeof resetSchema>;
