/**
 * How long a form keeps what the visitor typed on their device (a draft, or a send waiting
 * for a connection): the collection notice states it, the forms and the page loader remove
 * what is older, and the service keeps idempotency keys a day longer. A literal alone in its
 * module, so the page loader gets it inlined and loads nothing else of the contract.
 */
export const OUTBOX_MAX_AGE_DAYS = 7;
