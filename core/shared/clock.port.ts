/** The current time. Tests use a fixed or stepping clock. */
export interface Clock {
  /** Returns the current instant. Successive calls never go backwards. */
  now(): Date;
}
