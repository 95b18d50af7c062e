import type { Logger } from 'pino';
import type { AppContainer } from './container';
import { TEST_CARDS } from '../adapters/test-payments/test-payment-gateway';

/** Fills an empty database (no events) with the demo club's content, so a first start shows a working site. */
export async function seedIfEmpty(ports: AppContainer, logger: Logger, clubName: string): Promise<boolean> {
  const events = ports.get('events');
  if ((await events.list({ order: 'asc', limit: 1 })).length > 0) return false;
  // Loaded only when seeding: the demo PDFs need pdf-lib, which a running server loads only for an upload.
  const { seedDemoData } = await import('./seed/seed-demo-data');
  const payments = ports.get('payments');
  await seedDemoData(
    {
      events,
      workDays: ports.get('workDays'),
      campaigns: ports.get('campaigns'),
      documents: ports.get('documents'),
      files: ports.get('files'),
      ids: ports.get('ids'),
      waterLevels: ports.get('waterLevels'),
      search: ports.get('search'),
      bookings: ports.get('bookings'),
      campaignSource: ports.get('campaignSource'),
      // The test gateway takes the demo's card payments, so the demo's refunds work; never a real provider.
      cardPayments: payments.name === 'test' ? { gateway: payments, cardToken: TEST_CARDS.succeeds } : undefined,
      sitePages: ports.get('sitePages'),
      membership: ports.get('membership'),
      clubName,
    },
    ports.get('clock').now(),
  );
  logger.info('Seeded the demo data');
  return true;
}
