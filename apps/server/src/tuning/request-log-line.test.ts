import pino, { type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_OPTIONS } from '../observability/logger.js';
import { logWithPino, type RequestLogFields } from '../observability/request-logger.js';
import { requestLogLines } from './request-log-line.js';

/** A logger as the store makes it, writing to a list of lines. */
function loggerWritingTo(lines: string[], options: pino.LoggerOptions = {}): Logger {
  return pino({ ...LOG_OPTIONS, level: 'info', ...options }, { write: (line: string) => lines.push(line) });
}

const getPet: RequestLogFields = {
  req: {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    method: 'GET',
    path: '/v1/pets/7',
    remoteAddress: '127.0.0.1',
  },
  res: { statusCode: 200 },
  route: '/v1/pets/:petId',
  responseTime: 3,
  clientRequestId: undefined,
  aborted: false,
  traceIds: undefined,
};

/** Every optional part present or absent, and text that JSON must escape. */
const CASES: Array<[string, RequestLogFields, 'info' | 'error', string]> = [
  ['a getPet', getPet, 'info', 'GET 200'],
  [
    'no route, a cut-off answer, no address',
    { ...getPet, route: undefined, aborted: true, req: { ...getPet.req, remoteAddress: undefined } },
    'info',
    'GET 200',
  ],
  [
    "a client's own id, trace ids and a 503",
    {
      ...getPet,
      res: { statusCode: 503 },
      clientRequestId: 'client.id-1',
      traceIds: { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: '00f067aa0ba902b7' },
    },
    'error',
    'GET 503',
  ],
  [
    'a path JSON must escape',
    { ...getPet, req: { ...getPet.req, path: '/v1/pets/"\\\u0001\u00e9' }, route: undefined },
    'info',
    'GET 404',
  ],
];

/** The line without its time, which differs between two writes. */
const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');

describe('the request log line built for its shape', () => {
  it.each(CASES)('is byte for byte what pino writes: %s', (_name, fields, level, msg) => {
    const byPino: string[] = [];
    const byHand: string[] = [];
    logWithPino(loggerWritingTo(byPino))(fields, level, msg);
    requestLogLines(loggerWritingTo(byHand))?.(fields, level, msg);
    expect(byHand).toHaveLength(1);
    expect(withoutTime(byHand[0])).toBe(withoutTime(byPino[0]));
    expect(JSON.parse(byHand[0] as string)).toMatchObject({ req: { id: fields.req.id }, msg });
  });

  it("carries a child logger's bindings, as pino does", () => {
    const byPino: string[] = [];
    const byHand: string[] = [];
    logWithPino(loggerWritingTo(byPino).child({ worker: 2 }))(getPet, 'info', 'GET 200');
    requestLogLines(loggerWritingTo(byHand).child({ worker: 2 }))?.(getPet, 'info', 'GET 200');
    expect(withoutTime(byHand[0])).toBe(withoutTime(byPino[0]));
    expect(byHand[0]).toContain('"worker":2');
  });

  it('writes nothing below the logger level, as pino does', () => {
    const lines: string[] = [];
    requestLogLines(loggerWritingTo(lines, { level: 'error' }))?.(getPet, 'info', 'GET 200');
    expect(lines).toStrictEqual([]);
  });

  it('leaves the line to pino when an option of the logger would change it', () => {
    const options: pino.LoggerOptions[] = [
      { mixin: () => ({ extra: 1 }) },
      { formatters: { log: (entry) => entry } },
      { redact: ['req.path'] },
      { serializers: { req: (req) => req } },
      { messageKey: 'message' },
      { msgPrefix: '[store] ' },
    ];
    for (const option of options) expect(requestLogLines(loggerWritingTo([], option))).toBeUndefined();
    expect(requestLogLines(loggerWritingTo([]))).toBeTypeOf('function');
  });
});
