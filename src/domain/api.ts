/** The API's base path (docs/api.md), shared by the server, the web client and the tests. */
export const API_BASE = '/service/api/hebergement-cenou';

/** The mobile-money provider's webhooks (docs/payments.md): public, outside the API's base. */
export const NOTIFICATION_BASE = '/service/api/paiements';

/** The USSD gateway's call (docs/ussd.md): outside the API's base, guarded by its shared secret. */
export const USSD_PATH = '/service/api/ussd';
