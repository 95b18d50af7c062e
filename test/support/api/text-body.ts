/**
 * A supertest body parser that keeps the body as the text it is: `.buffer(true).parse(asText)`.
 * Supertest buffers only the types it knows as text, and text/calendar (the feeds) is not one.
 */
export function asText(
  response: { setEncoding(encoding: 'utf8'): unknown; on(event: 'data' | 'end', listener: (chunk: string) => void): unknown },
  done: (error: Error | null, body: string) => void,
): void {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => (text += chunk));
  response.on('end', () => done(null, text));
}
