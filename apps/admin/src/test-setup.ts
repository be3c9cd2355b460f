import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` return as soon as the screen shows what they wait for; this is only how long they may
// wait. Testing Library's 1 s suits a quiet machine, not two cores shared with ten busy processes.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up between tests.
afterEach(cleanup);
