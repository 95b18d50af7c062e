import { DeliverPush } from '../../../core/push/deliver-push';
import { MyPushDevices } from '../../../core/push/my-push';
import { provide, type Feature } from '../feature';

/** Members' push notifications (docs/notifications.md#push): their devices, and the delivery round. */
export const pushFeature: Feature = {
  name: 'push',
  useCases: ({ get, config }) => [
    provide(
      DeliverPush,
      () => new DeliverPush({ pushOutbox: get('pushOutbox'), pushSubscriptions: get('pushSubscriptions'), pushSender: get('pushSender'), clock: get('clock') }),
    ),
    provide(
      MyPushDevices,
      () =>
        new MyPushDevices({
          pushSubscriptions: get('pushSubscriptions'),
          pushSender: get('pushSender'),
          secrets: get('secrets'),
          clock: get('clock'),
          pushServiceHosts: config.pushServiceHosts,
        }),
    ),
  ],
};
