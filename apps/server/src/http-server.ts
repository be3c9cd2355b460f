import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import { MAX_HEADER_BYTES } from '@animal-store/contract';
import type { Express } from 'express';
import { answerNodeRefusalsWithErrors, refuseUnservableRequests } from './http/node-refusals.js';

export interface ServerLimits {
  /** Whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** Headers must arrive within this: the defence against slow-loris clients. */
  headersTimeoutMs: number;
  /** Connections beyond this are refused, so that one instance degrades instead of falling over. */
  maxConnections: number;
}

/**
 * A subclass of Node's `base` made the app's prototype for requests (or responses), so that every request and
 * response is born with the prototype Express would give it. Express gives each one the app's prototypes with
 * `Object.setPrototypeOf`, which makes V8 migrate both objects to new shapes and miss its property caches on them
 * for the rest of the request; an object that already has the prototype is left as it is (expressjs/express#5998,
 * docs/performance.md). A subclass, rather than a function that runs Node's constructor on an object of its own,
 * because V8 sizes an object by the class it is created from: the subclass's instances have room inside them for
 * Node's properties, as Node's own have, where those of a plain function had none, so that V8 turned every request
 * and response into a hash table of properties (decision 009).
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
 * Options for `http.createServer`: requests and responses born with the app's prototypes (decision 009). Makes
 * the subclasses' prototypes the app's `request` and `response`, which Express gives every request it handles.
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

/** The HTTP server around the app, with the limits that protect it from slow or abusive clients. */
export function createHttpServer(app: Express, limits: ServerLimits): Server {
  const server = createServer(
    {
      ...bornWithAppPrototypes(app),
      // Checked by refuseUnservableRequests instead, so that the refusal carries the Error body.
      requireHostHeader: false,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node checks the timeouts above on this interval; its default of 30 s would let slow clients linger.
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    refuseUnservableRequests(app),
  );
  server.maxConnections = limits.maxConnections;
  answerNodeRefusalsWithErrors(server);
  return server;
}
