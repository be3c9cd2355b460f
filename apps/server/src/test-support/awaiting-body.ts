import { request } from 'node:http';

export interface AwaitingBody {
  /** Sends the body and resolves with the answer's status. */
  sendBody(): Promise<number>;
}

/**
 * A createPet whose head the store has read and whose body it awaits: sent with `Expect: 100-continue`, it resolves
 * once the store has answered 100 Continue, so that the request is surely in flight, whatever the machine's load.
 */
export function createAwaitingBody(
  origin: string,
  headers: Record<string, string>,
  name: string,
): Promise<AwaitingBody> {
  const body = JSON.stringify({ name, categoryId: 1 });
  return new Promise((resolveContinued, reject) => {
    const sent = request(`${origin}/v1/pets`, {
      method: 'POST',
      headers: { ...headers, expect: '100-continue', 'content-length': String(Buffer.byteLength(body)) },
    });
    const status = new Promise<number>((resolveStatus, rejectStatus) => {
      sent.on('response', (response) => {
        response.resume();
        resolveStatus(response.statusCode ?? 0);
      });
      sent.on('error', rejectStatus);
    });
    sent.on('error', reject);
    sent.on('continue', () =>
      resolveContinued({
        sendBody: () => {
          sent.end(body);
          return status;
        },
      }),
    );
    sent.flushHeaders();
  });
}
