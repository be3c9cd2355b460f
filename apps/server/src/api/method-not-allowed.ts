import type { AppRoute, AppRouter } from '@ts-rest/core';
import { isAppRoute } from '@ts-rest/core';
import type { Express, RequestHandler } from 'express';
import { sendMethodNotAllowed } from '../http/method-not-allowed.js';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

/**
 * For every path of the contract, answers the methods it does not define with 405 and an `Allow` header listing
 * those it does, after `beforeAnswering` (authentication: an unauthenticated client learns nothing of the API).
 * Registered after the operations, so it only sees what they did not handle.
 */
export function answerMethodNotAllowed(
  app: Express,
  contract: AppRouter,
  beforeAnswering: readonly RequestHandler[],
): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routesOf(contract)) {
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods].sort().join(', ');
    app.all(path, ...beforeAnswering, (req, res) => sendMethodNotAllowed(res, req.method, allow));
  }
}
