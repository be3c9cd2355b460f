import type { Page } from 'playwright-core';

/**
 * Whether the page's JavaScript heap still holds `text`: a heap snapshot, which Chromium takes after collecting
 * garbage, lists every string still reachable, wherever the app or a library keeps it.
 */
export async function heapHolds(page: Page, text: string): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await session.detach();
  }
  return chunks.join('').includes(text);
}
