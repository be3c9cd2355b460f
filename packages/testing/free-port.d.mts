/** A loopback port nothing listens on right now (free-port.mjs). */
export function freePort(): Promise<number>;
