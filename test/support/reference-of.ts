/**
 * A well-formed booking reference (`KYC-A2345`) of its own for the i-th booking of a test process
 * (`p1`, `p2`, `p3`; any other name shares one letter): the number written in the reference alphabet.
 */
export function referenceOf(prefix: string, i: number): string {
  const letter = ({ p1: 'A', p2: 'B', p3: 'C' } as Record<string, string>)[prefix] ?? 'Z';
  const digits = i
    .toString(8)
    .padStart(4, '0')
    .replace(/[0-7]/g, (d) => '23456789'[Number(d)]);
  return `KYC-${letter}${digits}`;
}
