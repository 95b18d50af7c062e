/** Called with an index update that failed; the server logs it. */
export type SearchIndexErrorReporter = (error: unknown) => void;

/**
 * Runs a search index update after the stored data has changed. The stored data is what
 * counts and the index can be rebuilt from it (RebuildSearchIndex), so an index failure is
 * reported rather than turning a saved change into an error the admin would retry.
 */
export async function keepIndexInStep(update: () => Promise<void>, report: SearchIndexErrorReporter): Promise<void> {
  try {
    await update();
  } catch (error) {
    report(error);
  }
}
