import type { TestPaymentGateway } from '../../../adapters/test-payments/test-payment-gateway';
import type { TestApp } from './test-app';

/** The test gateway's signed webhook about a checkout's completed payment, as the provider would send it to club.example. */
export function testWebhookOf(app: TestApp, checkoutId: string): { rawBody: Buffer; headers: Record<string, string> } {
  const webhook = (app.get('payments') as TestPaymentGateway).webhookFor(checkoutId, 'http://club.example/api/webhooks/test');
  if (!webhook) throw new Error(`The checkout ${checkoutId} is not paid: no webhook to send`);
  return webhook;
}

/** Posts the webhook to the server's webhook route, exactly as signed. */
export function postTestWebhook(app: TestApp, webhook: { rawBody: Buffer; headers: Record<string, string> }) {
  return app
    .agent()
    .post('/api/webhooks/test')
    .set('Host', 'club.example')
    .set('Content-Type', 'application/json')
    .set(webhook.headers)
    .send(webhook.rawBody.toString('utf8'));
}
