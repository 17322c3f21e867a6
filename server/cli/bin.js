#!/usr/bin/env node
// `answerwatch` runs the JavaScript that the install compiled into dist/ (the `prepare` script): no TypeScript
// is compiled at run time. In a checkout whose sources changed since that build, they are built again first.
import { buildIfNeeded } from './build.js';

buildIfNeeded();
await import('../../dist/server/cli/main.js');
