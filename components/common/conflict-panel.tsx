import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** An editor's save met a newer version saved elsewhere (a 409 on the revision): saving stops until the user reloads. */
export function ConflictPanel({ what, onReload }: { /** "design", "video" */ what: string; onReload(): void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{`This ${what} was changed somewhere else`}</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>
          Another tab or device saved a newer version, so your latest edits here were not saved. Reload to continue from
          the newest version.
        </p>
        <Button size="sm" variant="outline" onClick={onReload}>
          Reload the latest version
        </Button>
      </AlertDescription>
    </Alert>
  );
}
