/** Id of the <script type="application/json"> that hands the page its first data (read by the web app). */
export const BOOT_DATA_ID = 'odontia-datos';

/** JSON that is safe inside a <script> element: nothing in it can close the element or start markup. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The API responses a page would fetch first, keyed by their path and query, so its first render needs no request. */
export const bootDataScript = (data: Record<string, unknown>) =>
  `<script id="${BOOT_DATA_ID}" type="application/json">${jsonForScript(data)}</script>`;
