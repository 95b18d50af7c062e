import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it can. The server's Content-Security-Policy
// forbids eval (script-src 'self'), so every try was refused and reported as a CSP violation in
// the console. Zod reads this setting when a schema is built, so it is set before any is: main.tsx
// imports this file first, and every schema lives in a chunk loaded later.
config({ jitless: true });
