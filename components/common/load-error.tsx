import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

interface LoadErrorProps {
  /** What did not load, as the user reads it ("We couldn't load your videos"). */
  title: string;
  /** Why: the error's message (and any sentence that goes with it). */
  message: React.ReactNode;
  /** Asks again; without it there is no "Try again" button. */
  onRetry?: () => unknown;
}

/** A screen's or panel's data failed to load: the reason, and a way to ask again. */
export function LoadError({ title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {onRetry ? (
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void onRetry()}>
            Try again
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
