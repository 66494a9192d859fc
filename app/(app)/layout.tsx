import { AuthGate } from "@/components/auth/auth-gate";
import { AuthProviders } from "@/components/providers/auth-providers";
import { AppShell } from "@/components/shell/app-shell";

/** Signed-in area: the gate waits for auth to resolve, the shell frames every page. */
export default function SignedInLayout({ children }: { children: React.ReactNode }) {
  return (
    <AuthProviders>
      <AuthGate>
        <AppShell>{children}</AppShell>
      </AuthGate>
    </AuthProviders>
  );
}
