import { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * A subclass of Node's `base` made the app's prototype for requests (or responses), so that every request and
 * response is born with the prototype Express would give it. Express gives each one the app's prototypes with
 * `Object.setPrototypeOf`, which makes V8 migrate both objects to new shapes and miss its property caches on them
 * for the rest of the request; an object that already has the prototype is left as it is (expressjs/express#5998).
 * A subclass, not a function that runs Node's constructor on an object of its own, because V8 sizes an object by
 * the class it is created from (decision 009).
 */
function bornWith<Base extends typeof IncomingMessage | typeof ServerResponse>(
  base: Base,
  app: Express,
  which: 'request' | 'response',
): Base {
  const Born = class extends (base as new (...args: never[]) => object) {};
  // The app's prototype stays in the chain, one step up: what Express and the store added to it is inherited.
  Object.setPrototypeOf(Born.prototype, app[which]);
  Object.assign(app, { [which]: Born.prototype });
  return Born as unknown as Base;
}

/**
 * Options for `http.createServer`: requests and responses born with the app's prototypes (decision 009, ledger row
 * "requests born with the app's prototypes" in docs/performance.md). Relies on Express's internals: that it sets
 * `app.request` and `app.response` as the prototypes of what it handles, and skips objects that have them already.
 * Makes the subclasses' prototypes the app's `request` and `response`; call it once per app.
 */
export function bornWithAppPrototypes(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  return {
    IncomingMessage: bornWith(IncomingMessage, app, 'request'),
    ServerResponse: bornWith(ServerResponse, app, 'response'),
  };
}
