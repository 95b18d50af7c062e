import type { BookingRepository } from '../../core/bookings/booking-repository.port';
import type { CampaignRepository } from '../../core/news/campaign-repository.port';
import type { CampaignSource } from '../../core/campaigns/campaign-source.port';
import type { DocumentRepository } from '../../core/documents/document-repository.port';
import type { EventRepository } from '../../core/events/event-repository.port';
import type { FileStore } from '../../core/shared/file-store.port';
import type { Booking } from '../../core/bookings/booking';
import type { PaymentGateway } from '../../core/payments/payment-gateway.port';
import type { IdGenerator } from '../../core/shared/id-generator.port';
import { storeDocumentWithFile } from '../../core/documents/document-files';
import { CryptoIdGenerator } from '../../adapters/system/crypto-id-generator';
import type { SearchIndex } from '../../core/search/search-index.port';
import type { WaterLevelRepository } from '../../core/water-levels/water-level-repository.port';
import type { WorkDayRepository } from '../../core/work-days/work-day-repository.port';
import type { SitePageRepository } from '../../core/site-pages/site-page-repository.port';
import type { MembershipRepository } from '../../core/membership/membership-repository.port';
import { RebuildSearchIndex } from '../../core/operations/rebuild-search-index';
import { demoData } from './demo-data';

export interface SeedDeps {
  events: EventRepository;
  workDays: WorkDayRepository;
  campaigns: CampaignRepository;
  documents: DocumentRepository;
  /** Where the documents' PDFs go, as an admin's upload does. */
  files: FileStore;
  /** Names the PDFs' files (random ids when not given). */
  ids?: IdGenerator;
  waterLevels: WaterLevelRepository;
  search: SearchIndex;
  /** The Beginners and Information pages, indexed with their words now (the seed does not write them). */
  sitePages: SitePageRepository;
  /** The club's name, which the Information page's original words say (CLUB_NAME). */
  clubName: string;
  /** When given, the demo's membership categories are added (those not there yet), so the Membership screen shows a club's. */
  membership?: MembershipRepository;
  /** When given, demo bookings are added too, so the admin screens have something to show. */
  bookings?: BookingRepository;
  /** Where the news index comes from: MailerLite when configured; the stored campaigns otherwise. */
  campaignSource?: CampaignSource;
  /**
   * When given (the test gateway and its test card), the demo's card payments are taken through
   * it as a member's would be, so an admin can refund them. Otherwise they carry made-up ids that
   * no gateway knows, and refunding one fails with the gateway's message.
   */
  cardPayments?: { gateway: PaymentGateway; cardToken: string };
}

/** The booking paid through the gateway (its checkout and payment ids), or as it is. */
async function takeDemoPayment(booking: Booking, cardPayments: SeedDeps['cardPayments']): Promise<Booking> {
  if (!cardPayments || !booking.paid || booking.paymentMethod !== 'card' || !booking.paymentAmount || !booking.paymentCurrency) return booking;
  const { gateway, cardToken } = cardPayments;
  const { checkoutId } = await gateway.createCheckout({
    bookingId: booking.id,
    amount: booking.paymentAmount,
    currency: booking.paymentCurrency,
    description: `${booking.eventName}: ${booking.numberAttending} attending`,
    idempotencyKey: `booking-${booking.id}`,
  });
  const payment = await gateway.completeCheckout(checkoutId, cardToken);
  return payment.status === 'COMPLETED' ? { ...booking, checkoutId, paymentId: payment.paymentId } : booking;
}

/**
 * Writes the demo data and rebuilds the search indexes. Safe to run again: events, work days,
 * sign-ups, bookings and water-level readings that already exist are left as they are (an admin
 * may have edited them: readings only fill the days that have none), while campaigns and
 * documents are replaced.
 */
export async function seedDemoData(deps: SeedDeps, now: Date): Promise<void> {
  const data = demoData(now);

  for (const event of data.events) {
    if (!(await deps.events.get(event.id))) await deps.events.create(event);
  }
  for (const workDay of data.workDays) {
    if (!(await deps.workDays.get(workDay.id))) await deps.workDays.create(workDay);
  }
  const signupIds = new Map<string, Set<string>>();
  for (const signup of data.workDaySignups) {
    if (!signupIds.has(signup.workDayId)) {
      const existing = await deps.workDays.listSignups(signup.workDayId);
      signupIds.set(signup.workDayId, new Set(existing.map((s) => s.id)));
    }
    if (!signupIds.get(signup.workDayId)!.has(signup.id)) await deps.workDays.addSignup(signup);
  }
  if (deps.bookings) {
    for (const booking of data.bookings) {
      const event = await deps.events.get(booking.eventId);
      // An event the admin deleted or edited to a smaller capacity must not get demo bookings.
      if (!event || (await deps.bookings.get(booking.id))) continue;
      await deps.bookings.addIfPlacesRemain(await takeDemoPayment(booking, deps.cardPayments), { capacity: event.capacity, now });
    }
  }
  if (deps.membership) {
    const stored = new Set((await deps.membership.listCategories()).map((category) => category.id));
    for (const category of data.membershipCategories) if (!stored.has(category.id)) await deps.membership.createCategory(category);
  }
  for (const campaign of data.campaigns) await deps.campaigns.put(campaign);
  // The same path as an admin's upload: the PDF into the file store, then the record pointing at it.
  const ids = deps.ids ?? new CryptoIdGenerator();
  for (const demo of data.documents) {
    // pdf-lib loads here, for the demo's documents only, not with every start (docs/adr/0078).
    const { renderDocumentPdf } = await import('./render-document-pdf');
    await storeDocumentWithFile({ documents: deps.documents, files: deps.files, ids }, demo.document, (await renderDocumentPdf(demo)).bytes);
  }
  if (data.waterLevels.length > 0) {
    const span = { from: data.waterLevels[0].date, to: data.waterLevels[data.waterLevels.length - 1].date };
    const kept = new Set((await deps.waterLevels.readings(span.from, span.to)).map((reading) => reading.date));
    await deps.waterLevels.putMany(data.waterLevels.filter((reading) => !kept.has(reading.date)));
  }

  // The core's rebuild, as `npm run reindex` does: news from the campaign source in use.
  await new RebuildSearchIndex({
    events: deps.events,
    workDays: deps.workDays,
    documents: deps.documents,
    campaignSource: deps.campaignSource ?? deps.campaigns,
    search: deps.search,
    sitePages: deps.sitePages,
    clubName: deps.clubName,
  }).execute();
}
