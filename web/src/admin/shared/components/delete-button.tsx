import { Button } from '../../../components/ui/button';

/** A list row's Delete button, named for its row ("Delete Summer barbecue") for screen readers. */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="danger" size="small" onClick={onClick} aria-label={`Delete ${name}`}>
      Delete
    </Button>
  );
}
