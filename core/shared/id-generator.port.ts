/** New unique identifiers. */
export interface IdGenerator {
  /** Returns an id never returned before: URL-safe characters only ([A-Za-z0-9_-]), 8 to 64 long. */
  next(): string;
}
