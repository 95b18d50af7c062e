import type { Admin } from '../admins/admin';
import { afterResend } from './outbox';
import { permittedRecord } from '../admins/admin-record';
import { SECRET_MAIL_KINDS } from './secret-mail-kinds';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { Outbox } from './outbox.port';
import { MESSAGE_NOT_FOUND, outboxDetail, type OutboxMessageDetail } from './list-outbox';
import { UseCase } from '../shared/use-case';

export const ALREADY_QUEUED = 'This e-mail is already waiting to be sent';
export const NOT_RESENDABLE = 'A password-reset e-mail is not sent again: the admin can ask for a new link on the sign-in page';

export interface ResendOutboxMessageDeps {
  outbox: Outbox;
  clock: Clock;
}

/**
 * An admin's "Resend": a sent or failed message is queued again, due now, with a fresh day of
 * tries (afterResend). A message still queued is refused (409): it is already going to be sent,
 * and a sender may hold it at this moment, so it is left as it is.
 */
export class ResendOutboxMessage extends UseCase<ResendOutboxMessageDeps> {
  async execute(admin: Admin, id: string): Promise<OutboxMessageDetail> {
    const message = await permittedRecord(admin, 'mail.resend', () => this.deps.outbox.get(id), MESSAGE_NOT_FOUND);
    if (message.status === 'queued') throw new ConflictError(ALREADY_QUEUED);
    if (SECRET_MAIL_KINDS.includes(message.kind)) throw new ConflictError(NOT_RESENDABLE);
    const queued = afterResend(message, this.deps.clock.now());
    if (!(await this.deps.outbox.replace(queued))) throw new NotFoundError(MESSAGE_NOT_FOUND);
    return outboxDetail(queued);
  }
}
