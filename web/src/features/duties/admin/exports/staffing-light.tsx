import { Badge } from '../../../../admin/shared/components/badge';

const WORDS = { green: 'Staffed', amber: 'Short (can run)', red: 'Short: cannot run' } as const;

/** An event's staffing light, in words as well as colour. */
export function StaffingLight({ light }: { light: 'green' | 'amber' | 'red' | null | undefined }) {
  if (!light) return null;
  return (
    <span data-staffing-light={light}>
      <Badge tone={light}>
        <span className="visually-hidden">Duties: </span>
        {WORDS[light]}
      </Badge>
    </span>
  );
}
