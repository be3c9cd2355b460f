import { userInfo } from 'node:os';
import type { AuditContext } from '../store/audit-chain.js';

/** The user the command runs as; a container may have no name for its user id. */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * An operator acting on the server's machine, outside the API: `keys create`, `data restore`, or the start-up that
 * makes a new store's first key. Named by the command and the user it ran as; it has no request, address or agent.
 */
export function operatorContext(command: string): AuditContext {
  return {
    actor: { type: 'operator', keyId: null, name: `${command} by ${osUser()}` },
    requestId: null,
    clientAddress: null,
    userAgent: null,
  };
}
