import type { ClubEvent } from '@core/entities/event';
import { adminRequest } from './admin-client';

export interface DashboardStatistic {
  eventId: string;
  eventName: string;
  bookings: number;
  attendees: number;
}

export interface Dashboard {
  recentEvents: ClubEvent[];
  /** null when the admin lacks bookings:read: the server does not send what they may not see. */
  statistics: DashboardStatistic[] | null;
}

export function fetchDashboard(): Promise<Dashboard> {
  return adminRequest('GET', '/admin/dashboard');
}
