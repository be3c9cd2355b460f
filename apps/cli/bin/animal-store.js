#!/usr/bin/env node
// The installed command. It is a committed file rather than the bundle itself so that `pnpm install` on a fresh
// clone can link it before anything is built; `pnpm build` then provides the bundle it loads.
import '../dist/animal-store.js';
