import { AuthProviders } from "@/components/providers/auth-providers";

/** The sign-in screens are the only public pages that load the Firebase Auth SDK. */
export default function SignInLayout({ children }: { children: React.ReactNode }) {
  return <AuthProviders>{children}</AuthProviders>;
}
