/**
 * The line that places the reservoir's water-level chart in a page: alone on its line, the chart
 * is drawn there (the web app's own component, with the readings); anywhere else it is just text.
 * Markdown has no element for a live chart, and admins move or remove this line as they wish.
 */
export const WATER_LEVEL_CHART_MARKER = '{{water-level-chart}}';
