// Preloaded (`node --import`) into every server process a test starts, with the test's pipe as its stdin.
//
// A test run can end without its teardown: turbo cancels the other suites when one fails, a developer presses
// Ctrl-C, a worker is killed. The kernel then closes the test's end of the pipe, and this process ends with it, so
// that no server outlives the run that started it. SIGTERM, not exit: the server shuts down as in production.
// The pipe is unreferenced, so it never keeps a process alive that would otherwise exit by itself.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
process.stdin.unref();
