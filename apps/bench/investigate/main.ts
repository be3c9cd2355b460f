/**
 * `pnpm --filter @animal-store/bench investigate <tool>`: the tools that look inside one server (CPU profile,
 * allocations, instruction counts, the cost of tracing) rather than compare servers. They import the comparison's build (the servers,
 * fixtures and load of `pnpm bench`) through the package's `#bench/*` imports, and are compiled only by this
 * command, so `pnpm check` neither builds nor tests them.
 */
import { allocations } from './allocations.js';
import { chooseTool, type ToolName, usage } from './choose-tool.js';
import { cpuTime } from './cpu-time.js';
import { features } from './features.js';
import { instructions } from './instructions.js';
import { keptAnswers } from './kept-answers.js';
import { keyPolicy } from './key-policy.js';
import { logWrites } from './log-writes.js';
import { profile } from './profile.js';
import { tracing } from './tracing.js';
import { validation } from './validation.js';

const run: Record<ToolName, () => Promise<void>> = {
  profile,
  allocations,
  instructions,
  'cpu-time': cpuTime,
  features,
  'log-writes': logWrites,
  tracing,
  validation,
  'kept-answers': keptAnswers,
  'key-policy': keyPolicy,
};

const choice = chooseTool(process.argv.slice(2));
if ('help' in choice) {
  process.stdout.write(usage());
} else if ('error' in choice) {
  process.stderr.write(`investigate: ${choice.error}\n\n${usage()}`);
  process.exitCode = 2;
} else {
  await run[choice.tool]();
}
