/** The API's base path (docs/api.md), shared by the server, the web client and the tests. */
export const API_BASE = '/service/api/hebergement-cenou';
