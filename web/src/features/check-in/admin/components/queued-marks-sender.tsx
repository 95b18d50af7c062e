import { useSendQueuedMarks } from '../api/officer-day';

/**
 * Sends the check-in marks kept on the device whenever the admin panel starts, on any screen, and
 * when the connection comes back (in the frame of every screen of an admin who may check in).
 */
export function QueuedMarksSender() {
  useSendQueuedMarks();
  return null;
}
