/**
 * A loading indicator that screen readers announce through its visible text. Its
 * data-loading mark tells the app's scroll restoration that the page is still coming (ADR 22).
 */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" data-loading="">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
