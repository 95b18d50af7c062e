/** What a Markdown field (a news item's body, a club page's text) tells the admin about writing in it. */
export const MARKDOWN_HINT =
  'Write in Markdown: a blank line starts a new paragraph; **bold**, _italic_, ## a heading, - a list, [a link](https://…). HTML typed here is shown as text.';
