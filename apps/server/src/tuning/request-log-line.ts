import pino, { type Logger } from 'pino';
import type { RequestLogFields, RequestLogWriter } from '../observability/request-logger.js';

/** The symbols under which pino keeps a logger's state, exported for integrations (`pino.symbols`). */
const symbols = pino.symbols as unknown as Record<string, symbol>;

/** What the line is built from, read once from the logger: it does not change for a logger's life. */
interface PinoParts {
  /** `{"level":30`, by level number. */
  levelStarts: Record<number, string>;
  /** `,"time":…` */
  time: () => string;
  /** The logger's bindings, `,"pid":…,"hostname":…` */
  bindings: string;
  /** `}` and the line's end. */
  end: string;
  stream: { write(line: string): unknown };
}

const FIELD_NAMES = [
  'req',
  'res',
  'route',
  'responseTime',
  'clientRequestId',
  'aborted',
  'trace_id',
  'span_id',
];

/**
 * The parts, when pino would write the line exactly as `buildLine` does: no option of the logger's changes it (a
 * mixin, a message prefix or key, formatters, redaction, serializers of these fields, a stream that asks for each
 * line's level). Undefined otherwise.
 */
function plainLineParts(logger: Logger): PinoParts | undefined {
  const state = (name: string) => (logger as unknown as Record<symbol, unknown>)[symbols[name] as symbol];
  const serializers = state('serializersSym') as Record<string, unknown>;
  const stringifiers = state('stringifiersSym') as Record<string | symbol, unknown>;
  const formatters = state('formattersSym') as { log?: unknown };
  const hooks = state('hooksSym') as { streamWrite?: unknown; logMethod?: unknown };
  const stream = state('streamSym') as PinoParts['stream'] & Record<symbol, unknown>;
  const plain =
    !state('mixinSym') &&
    !state('nestedKeySym') &&
    !state('msgPrefixSym') &&
    state('messageKeySym') === 'msg' &&
    !formatters.log &&
    !hooks.streamWrite &&
    !hooks.logMethod &&
    Reflect.ownKeys(stringifiers).length === 0 &&
    FIELD_NAMES.every((name) => serializers[name] === undefined) &&
    typeof state('timeSym') === 'function' &&
    typeof state('chindingsSym') === 'string' &&
    typeof state('endSym') === 'string' &&
    typeof stream?.write === 'function' &&
    stream[symbols.needsMetadataGsym as symbol] !== true;
  if (!plain) return undefined;
  return {
    levelStarts: state('lsCacheSym') as Record<number, string>,
    time: (state('timeSym') as () => string).bind(logger),
    bindings: state('chindingsSym') as string,
    end: state('endSym') as string,
    stream,
  };
}

const text = JSON.stringify;

/** The line pino writes for the fields, in its order: level, time, the logger's bindings, the fields, msg. */
function buildLine(parts: PinoParts, fields: RequestLogFields, levelNumber: number, msg: string): string {
  const { req, res, route, responseTime, clientRequestId, aborted, traceIds } = fields;
  return (
    `${parts.levelStarts[levelNumber]}${parts.time()}${parts.bindings}` +
    `,"req":{"id":${text(req.id)},"method":${text(req.method)},"path":${text(req.path)}` +
    (req.remoteAddress === undefined ? '' : `,"remoteAddress":${text(req.remoteAddress)}`) +
    `},"res":{"statusCode":${res.statusCode}}` +
    (route === undefined ? '' : `,"route":${text(route)}`) +
    `,"responseTime":${responseTime}` +
    (clientRequestId === undefined ? '' : `,"clientRequestId":${text(clientRequestId)}`) +
    (aborted ? ',"aborted":true' : '') +
    (traceIds === undefined
      ? ''
      : `,"trace_id":${text(traceIds.trace_id)},"span_id":${text(traceIds.span_id)}`) +
    `,"msg":${text(msg)}${parts.end}`
  );
}

/**
 * The request log line built for its fixed shape and handed to the logger's stream, byte for byte the line pino
 * writes for the same fields: pino's generic serialiser walks the entry key by key, which cost about half of what
 * the line costs. Undefined when an option of the logger would change the line (a mixin, formatters, redaction,
 * serializers of these fields); pino then writes it.
 */
export function requestLogLines(logger: Logger): RequestLogWriter | undefined {
  const parts = plainLineParts(logger);
  if (parts === undefined) return undefined;
  const levels = logger.levels.values;
  const info = levels.info as number;
  const error = levels.error as number;
  return (fields, level, msg) => {
    if (!logger.isLevelEnabled(level)) return;
    parts.stream.write(buildLine(parts, fields, level === 'error' ? error : info, msg));
  };
}
