// Preloaded (`node --import`) into each server instance of the rush bench (bench/firestore-rush.ts):
// counts the Firestore reads and writes this process makes, as Firestore bills them (a read per
// document fetched or returned, at least one per query; a write per document of a committed
// batch or transaction; a failed commit writes nothing) and its round trips to Firestore's
// service, and answers { reads, writes, roundTrips, cpuMs } over the IPC channel when asked
// ('firestore-counts'). It changes nothing else.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { DocumentReference, Firestore, Query, Transaction, WriteBatch } = require('firebase-admin/firestore');
const { AggregateQuery } = require('@google-cloud/firestore/build/src/reference/aggregate-query');

let reads = 0;
let writes = 0;
const inside = new AsyncLocalStorage();

function countReads(proto, method, count) {
  const original = proto[method];
  proto[method] = function (...args) {
    if (inside.getStore()) return original.apply(this, args);
    return inside.run(true, async () => {
      const result = await original.apply(this, args);
      reads += count(result);
      return result;
    });
  };
}
const docsOf = (snapshot) => Math.max(1, snapshot.size);
countReads(DocumentReference.prototype, 'get', () => 1);
countReads(Query.prototype, 'get', docsOf);
countReads(AggregateQuery.prototype, 'get', () => 1);
countReads(Firestore.prototype, 'getAll', (result) => result.length);
countReads(Transaction.prototype, 'get', (result) => ('size' in result ? docsOf(result) : 1));
countReads(Transaction.prototype, 'getAll', (result) => result.length);

// Batches and transactions both commit through WriteBatch._commit.
const commit = WriteBatch.prototype._commit;
WriteBatch.prototype._commit = async function (...args) {
  const size = this._ops.length;
  const result = await commit.apply(this, args);
  writes += size;
  return result;
};

// Round trips: every call to Firestore's service (a commit, a read of documents, a query) goes
// through Firestore.request or Firestore.requestStream (a retry the client library makes inside
// one such call is not counted; one that calls again is).
let roundTrips = 0;
for (const method of ['request', 'requestStream']) {
  const original = Firestore.prototype[method];
  Firestore.prototype[method] = function (...args) {
    roundTrips += 1;
    return original.apply(this, args);
  };
}

// For a process run without an IPC channel (bench/ledger-designs), the same figures in-process.
globalThis.firestoreCounts = () => {
  const cpu = process.cpuUsage();
  return { reads, writes, roundTrips, cpuMs: (cpu.user + cpu.system) / 1000 };
};

process.on('message', (message) => {
  if (message && message.type === 'firestore-counts') {
    const cpu = process.cpuUsage();
    process.send?.({ type: 'firestore-counts', reads, writes, roundTrips, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
