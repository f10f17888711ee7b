// The last thing that went wrong, until it is dismissed.
import { useShingle } from '../store/useShingle.ts';

export function ErrorBanner() {
  const error = useShingle((s) => s.error);
  const dismissError = useShingle((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="error-banner" role="alert">
      <span>{error}</span>
      <button type="button" className="button quiet" onClick={dismissError}>
        Dismiss
      </button>
    </div>
  );
}
