import { ConfirmPayment } from '../../../core/bookings/confirm-payment';
import { GetCheckout } from '../../../core/bookings/get-checkout';
import type { AppConfig } from '../../config';
import { provide, siteSettings, type Feature } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ siteSettings: siteSettings(config) });

export const paymentsFeature: Feature = {
  name: 'payments',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    return [
      provide(
        ConfirmPayment,
        () =>
          new ConfirmPayment({
            bookings: get('bookings'),
            payments: get('payments'),
            clock: get('clock'),
            events: get('events'),
            ids: get('ids'),
            bookingLinks: get('bookingLinks'),
            siteSettings: settings.siteSettings,
            outbox: get('outbox'),
            audit: get('audit'),
          }),
      ),
      provide(
        GetCheckout,
        () =>
          new GetCheckout({
            bookings: get('bookings'),
            payments: get('payments'),
            clock: get('clock'),
            events: get('events'),
            bookingLinks: get('bookingLinks'),
            checkoutLinks: get('checkoutLinks'),
          }),
      ),
    ];
  },
};
