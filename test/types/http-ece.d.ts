// http_ece ships no types: the one call the tests make (RFC 8188/8291 decryption of a push payload).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(body: Buffer, params: Params): Buffer };
  export default ece;
}
