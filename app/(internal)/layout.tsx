import { AuthGate } from "@/components/auth/auth-gate";
import { AuthProviders } from "@/components/providers/auth-providers";
import { AppShell } from "@/components/shell/app-shell";

/**
 * Company staff only. The middleware already refuses non-staff; the gate
 * checks again in the browser so a stale session never flashes these pages.
 */
export default function InternalLayout({ children }: { children: React.ReactNode }) {
  return (
    <AuthProviders>
      <AuthGate requireStaff>
        <AppShell>{children}</AppShell>
      </AuthGate>
    </AuthProviders>
  );
}
