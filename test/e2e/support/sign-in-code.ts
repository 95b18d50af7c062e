import type { ParsedMail } from 'mailparser';
import type { SmtpTestServer } from '../../support/smtp-test-server';

/** The code of the sign-in e-mail the app sent `email`, once the test's SMTP server has it. */
export async function signInCode(smtp: SmtpTestServer, email: string): Promise<string> {
  let mail: ParsedMail | undefined;
  for (let count = 1; !mail; count += 1) {
    const received = await smtp.waitFor(count);
    mail = received.find((m) => m.subject?.endsWith('sign-in code') && JSON.stringify(m.to).includes(email));
  }
  const code = /Your sign-in code is (\d{6})\./.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}
