import {
  API_BASE_PATH,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  expiryProblem,
  LASTING_MANAGER_HOURS,
} from '@animal-store/contract';
import type { Logger } from 'pino';
import { errorBody } from '../http/api-error.js';
import { requestContext } from '../http/request-context.js';
import type { ForgetKeyEverywhere } from '../keys/key-changes-across-workers.js';
import type { KeyUsage } from '../keys/key-usage.js';
import type { ApiClient, KeyVerifier } from '../keys/key-verifier.js';
import type { ApiKeyRepository, StoredApiKey } from '../store/api-key-repository.js';
import { configuredKeyView, storedKeyView } from './api-key-view.js';
import type { AuditContextOf } from './audit-context.js';
import { BEARER_CHALLENGE, REFUSALS } from './authenticate.js';
import { keyPolicyProblem } from './key-policy-problem.js';
import type { ApiKeyOperations } from './operation.js';

const keyNotFound = (keyId: number) => ({
  status: 404 as const,
  body: errorBody('api_key_not_found', `No API key has id ${keyId}.`),
});

/** A revoked or expired key refused an operation, named by what the operation would have done (`rotated`). */
const keyInactive = (keyId: number, key: StoredApiKey, done: string) => ({
  status: 409 as const,
  body: errorBody(
    'api_key_inactive',
    `API key ${keyId} is ${storedKeyView(key).state}: only an active key can be ${done}.`,
  ),
});

/**
 * The key-management operations. Each change is logged with the acting key's id; the secret of a new key is in
 * its answer only, never in a log line.
 */
export function apiKeyOperations({
  apiKeys,
  keyVerifier,
  forgetKeyEverywhere = async (keyId) => keyVerifier.forget(keyId),
  keyUsage,
  logger,
  publicBaseUrl,
  auditContextOf,
  keyLimitMaxPerMinute,
}: {
  apiKeys: ApiKeyRepository;
  keyVerifier: KeyVerifier;
  forgetKeyEverywhere?: ForgetKeyEverywhere;
  keyUsage: KeyUsage;
  logger: Logger;
  /** Absolute addresses start with it; without it they are relative, as createPet's `Location` is. */
  publicBaseUrl?: string | undefined;
  /** Who asks and from where, for the audit event each change is written with. */
  auditContextOf: AuditContextOf;
  /** The highest `rateLimitPerMinute` a key may be given (KEY_RATE_LIMIT_MAX_PER_MINUTE). */
  keyLimitMaxPerMinute: number;
}): ApiKeyOperations {
  const keysUrl = `${publicBaseUrl ?? ''}${API_BASE_PATH}/api-keys`;
  /** The client authentication admitted: every operation here runs behind it. */
  const actingClient = (res: Parameters<typeof requestContext>[0]): ApiClient => {
    const { client } = requestContext(res);
    if (!client) throw new Error('a key operation ran without an authenticated client');
    return client;
  };
  const logChange = (event: string, keyId: number, actor: ApiClient) =>
    logger.info({ apiKeyId: String(keyId), actingApiKeyId: actor.keyId }, event);

  return {
    listApiKeys: {
      auditedAs: 'api_keys.listed',
      handler: async () => {
        const now = new Date().toISOString();
        const stored = (await apiKeys.list()).map((key) => storedKeyView(key, now));
        const configured = keyVerifier.configuredKeys().map((key) => configuredKeyView(key, keyUsage));
        return { status: 200, body: [...stored, ...configured] };
      },
    },

    getCurrentApiKey: {
      handler: async ({ res }) => {
        const client = actingClient(res);
        if (client.storedId === undefined) {
          const configured = keyVerifier.configuredKeys().find((key) => key.client.keyId === client.keyId);
          if (configured) return { status: 200, body: configuredKeyView(configured, keyUsage) };
        } else {
          const stored = await apiKeys.findById(client.storedId);
          const view = stored && storedKeyView(stored);
          if (view?.state === 'active') return { status: 200, body: view };
          // Admitted from another worker's or instance's cache before it saw the change: the key is not usable, and
          // this answer must not say it is (decision 044). A 401, as any other request with the key soon gets.
          if (view) {
            res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
            return { status: 401, body: errorBody('unauthorized', REFUSALS[view.state]) };
          }
        }
        res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
        return {
          status: 401,
          body: errorBody('unauthorized', 'The API key is no longer known to the store.'),
        };
      },
    },

    createApiKey: {
      auditedAs: 'api_key.created',
      readsJsonBody: true,
      handler: async ({ body, req, res }) => {
        const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt).toISOString();
        const expiry = expiresAt === null ? undefined : expiryProblem(expiresAt);
        const problem = expiry
          ? `body field 'expiresAt': ${expiry}`
          : keyPolicyProblem(body, keyLimitMaxPerMinute);
        if (problem) return { status: 400, body: errorBody('validation_failed', problem) };
        const created = await apiKeys.create(
          body.name,
          {
            scopes: body.scopes,
            expiresAt,
            rateLimitPerMinute: body.rateLimitPerMinute,
            allowedNetworks: body.allowedNetworks,
          },
          auditContextOf(req, res),
        );
        logChange('API key created', created.id, actingClient(res));
        // The new key's address, as createPet names its animal (RFC 9110: a 201 names what it created).
        res.setHeader('Location', `${keysUrl}/${created.id}`);
        return { status: 201, body: { ...storedKeyView(created), key: created.key } };
      },
    },

    revokeApiKey: {
      auditedAs: 'api_key.revoked',
      handler: async ({ params, req, res }) => {
        const actor = actingClient(res);
        // A configured key can always manage keys: while one exists, the store cannot be locked out. Otherwise
        // every revocation keeps one that lasts, whoever asks: two managers revoking each other must not leave
        // none, nor may a manager about to expire revoke the one that would have stayed.
        const outcome = await apiKeys.revoke(
          params.keyId,
          { keepAManager: keyVerifier.configuredKeys().length === 0 },
          auditContextOf(req, res),
        );
        switch (outcome.kind) {
          case 'not_found':
            return keyNotFound(params.keyId);
          case 'last_manager':
            return {
              status: 409,
              body: errorBody(
                'last_key_manager',
                `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours: ` +
                  'revoking it would lock everyone out. Create another key with the keys:manage scope, expiring ' +
                  'later than that or never, first.',
              ),
            };
        }
        // Answered once every worker of this instance refuses the key: a request sent after this answer is refused.
        await forgetKeyEverywhere(params.keyId);
        logChange('API key revoked', params.keyId, actor);
        return { status: 200, body: storedKeyView(outcome.key) };
      },
    },

    updateApiKey: {
      auditedAs: 'api_key.updated',
      readsJsonBody: true,
      handler: async ({ params, body, req, res }) => {
        const problem = keyPolicyProblem(body, keyLimitMaxPerMinute);
        if (problem) return { status: 400, body: errorBody('validation_failed', problem) };
        const context = auditContextOf(req, res);
        // As a revocation: while API_KEYS holds a key, the store cannot be locked out by any change.
        const outcome = await apiKeys.update(
          params.keyId,
          body,
          { keepAManager: keyVerifier.configuredKeys().length === 0, from: context.clientAddress },
          context,
        );
        switch (outcome.kind) {
          case 'not_found':
            return keyNotFound(params.keyId);
          case 'inactive':
            return keyInactive(params.keyId, outcome.key, 'changed');
          case 'last_manager':
            return {
              status: 409,
              body: errorBody(
                'last_key_manager',
                'This change would leave no active key that can manage keys, lasts more than ' +
                  `${LASTING_MANAGER_HOURS} hours and may be used from ${context.clientAddress}: allow this ` +
                  'address, or change another manager first.',
              ),
            };
        }
        if (outcome.changed) {
          // Answered once every worker of this instance checks the key by its new policy.
          await forgetKeyEverywhere(params.keyId);
          logChange('API key updated', params.keyId, actingClient(res));
        }
        return { status: 200, body: storedKeyView(outcome.key) };
      },
    },

    rotateApiKey: {
      auditedAs: 'api_key.rotated',
      readsJsonBody: true,
      handler: async ({ params, body, req, res }) => {
        const overlapHours = body?.overlapHours ?? DEFAULT_ROTATION_OVERLAP_HOURS;
        const outcome = await apiKeys.rotate(
          params.keyId,
          overlapHours,
          Date.now(),
          auditContextOf(req, res),
        );
        switch (outcome.kind) {
          case 'not_found':
            return keyNotFound(params.keyId);
          case 'inactive':
            return keyInactive(params.keyId, outcome.key, 'rotated');
          case 'rotated_already':
            return {
              status: 409,
              body: errorBody(
                'api_key_rotated',
                `API key ${params.keyId} was rotated already: rotate its successor, which holds its name, scopes ` +
                  'and expiry.',
              ),
            };
        }
        await forgetKeyEverywhere(params.keyId);
        const actor = actingClient(res);
        logChange('API key rotated', params.keyId, actor);
        logChange('API key created', outcome.successor.id, actor);
        res.setHeader('Location', `${keysUrl}/${outcome.successor.id}`);
        return {
          status: 201,
          body: { ...storedKeyView(outcome.successor), key: outcome.successor.key },
        };
      },
    },
  };
}
