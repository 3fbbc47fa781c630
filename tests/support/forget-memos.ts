// Every integration file gets its own database, but files share a worker process (vitest.config.ts: no
// isolation, so the server's modules load once per worker). The process's memos are keyed by database ids,
// which would carry one file's bundles into the next: each file starts with them empty.
import { beforeAll } from 'vitest';
import { forgetAllMemos } from '../../src/server/leaves/memo/bounded-memo';

beforeAll(() => forgetAllMemos());
