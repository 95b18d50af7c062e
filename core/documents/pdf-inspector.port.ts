/** What a PDF would do by itself when opened, beyond showing its pages. */
export type PdfActiveContent = 'javascript' | 'launch' | 'open-action' | 'embedded-file';

/** Reads a PDF's structure (its objects, including those inside compressed object streams). */
export interface PdfInspector {
  /**
   * The kinds of active content the PDF holds, each named once, in no set order: JavaScript
   * (a /JavaScript or /JS entry, a JavaScript name tree), a /Launch action, an action run on
   * opening or on an event (/OpenAction, /AA), an embedded or attached file (/EmbeddedFiles,
   * /EmbeddedFile, /FileAttachment). Names written with #xx escapes count as their decoded names.
   * Empty for a plain document; null when the bytes cannot be read as a PDF at all.
   */
  activeContent(bytes: Uint8Array): Promise<PdfActiveContent[] | null>;
}
