/**
 * Emitted on a still-open `ServerResponse` when the shutdown grace period (SHUTDOWN_GRACE_MS)
 * runs out: the request's upstream call is cut, and a stream ends with an error event in its
 * surface's shape and `[DONE]`, charged for what was delivered and logged like any other request.
 * An event on the response rather than a dependency, so the HTTP layer that tracks open
 * responses needs to know nothing about the exchanges that listen.
 */
export const DRAIN_DEADLINE_EVENT = 'gateway:drain-deadline';
