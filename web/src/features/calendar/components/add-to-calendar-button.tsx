import { useState } from 'react';
import type { ClubEvent } from '@core/entities/event';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CalendarLinks } from './calendar-links';

/**
 * The 'Add to My Calendar' button and its dialog of calendar choices. `disabled`: the button as
 * the server draws it before the app's script has run (no dialog), until the app's takes its place.
 */
export function AddToCalendarButton({ event, location, disabled = false }: { event: ClubEvent; location: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog" disabled={disabled}>
        Add to My Calendar
      </Button>
      {!disabled && (
        <Dialog open={open} onClose={() => setOpen(false)} title="Add to My Calendar">
          <p className="dialog-subtitle">{event.name}</p>
          <CalendarLinks event={event} location={location} />
        </Dialog>
      )}
    </>
  );
}
