#!/usr/bin/env node
// The CLI runs the TypeScript sources directly, so `npm install && npm start` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
