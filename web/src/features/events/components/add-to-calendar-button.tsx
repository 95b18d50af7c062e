import { useState } from 'react';
import type { ClubEvent } from '@core/events/event';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CalendarLinks } from '../exports/calendar-links';

/** The 'Add to My Calendar' button and its dialog of calendar choices. */
export function AddToCalendarButton({ event, location }: { event: ClubEvent; location: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Add to My Calendar
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add to My Calendar">
        <p className="dialog-subtitle">{event.name}</p>
        <CalendarLinks event={event} location={location} />
      </Dialog>
    </>
  );
}
