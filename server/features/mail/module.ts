import { DeliverOutbox } from '../../../core/mail/deliver-outbox';
import { GetOutboxMessage, ListOutbox } from '../../../core/mail/list-outbox';
import { ResendOutboxMessage } from '../../../core/mail/resend-outbox-message';
import { PushBesideMail } from '../../../core/push/queue-push';
import { provide, type Feature } from '../feature';

export const mailFeature: Feature = {
  name: 'mail',
  useCases: ({ get }) => {
    return [
      provide(
        DeliverOutbox,
        () =>
          new DeliverOutbox({
            outbox: get('outbox'),
            mailer: get('mailer'),
            clock: get('clock'),
            companions: new PushBesideMail({ pushSubscriptions: get('pushSubscriptions'), pushOutbox: get('pushOutbox'), clock: get('clock') }),
          }),
      ),
      provide(ListOutbox, () => new ListOutbox({ outbox: get('outbox') })),
      provide(GetOutboxMessage, () => new GetOutboxMessage({ outbox: get('outbox') })),
      provide(ResendOutboxMessage, () => new ResendOutboxMessage({ outbox: get('outbox'), clock: get('clock') })),
    ];
  },
};
