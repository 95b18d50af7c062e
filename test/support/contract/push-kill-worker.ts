// Run as its own process by push-kill.test.ts, which kills it (SIGKILL) while it waits for the
// push service's answer to one delivery: a push sender on the SQLite file, as the server runs it.
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqlitePushOutbox } from '../../../adapters/sqlite/sqlite-push-outbox';
import { SqlitePushSubscriptionRepository } from '../../../adapters/sqlite/sqlite-push-subscription-repository';
import { SystemClock } from '../../../adapters/system/system-clock';
import { WebPushSender } from '../../../adapters/web-push/web-push-sender';
import { DeliverPush } from '../../../core/push/deliver-push';

const [file, vapidJson] = process.argv.slice(2);
const db = await openSqliteDatabase(file);
const deliver = new DeliverPush({
  pushOutbox: new SqlitePushOutbox(db),
  pushSubscriptions: new SqlitePushSubscriptionRepository(db),
  pushSender: new WebPushSender(JSON.parse(vapidJson)),
  clock: new SystemClock(),
});
process.stdout.write('sending\n');
await deliver.execute();
