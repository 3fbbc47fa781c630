// Import rules, checked by `npm run lint` (docs/architecture.md draws the layers these rules keep apart).
// A rule's name is what the lint prints when an import breaks it. The server's folders are its layers, top
// to bottom: main (the processes and their wiring) → http (the route and its plumbing) → functions (one
// handler per server function) → runner (the job loop and task list) → domain → leaves → db. Each layer
// imports only those under it; src/common is the contract under both the server and the web.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders must not import each other, directly or around a circle: a module both need moves down into a leaf they both import.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/(server|web|common)/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      comment:
        'Modules must not import each other around a circle, inside one folder too: what both need moves into a third module they both import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'nothing-imports-main',
      comment:
        'src/server/main starts the processes and wires the services; every other layer gets what it needs passed in, and names the settings it reads as a type of its own.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/main/' },
      to: { path: '^src/server/main/' },
    },
    {
      name: 'http-is-above-the-handlers',
      comment:
        'src/server/http (the route, authentication, body parsing, idempotency, the API document) calls the handlers; no handler, task or domain module imports it.',
      severity: 'error',
      from: { path: '^src/server/(functions|runner|domain|leaves|db)/' },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'domain-never-imports-the-entry-points',
      comment:
        'The domain is called by the handlers and the runner; it never calls back up into main, http, a handler or the runner, and queues work through src/server/leaves/queue instead.',
      severity: 'error',
      from: { path: '^src/server/domain/' },
      to: { path: '^src/server/(main|http|functions|runner)/' },
    },
    {
      name: 'runner-never-imports-handlers',
      comment: 'Tasks call the domain, never a server function handler.',
      severity: 'error',
      from: { path: '^src/server/runner/' },
      to: { path: '^src/server/functions/' },
    },
    {
      name: 'leaves-import-only-leaves',
      comment:
        'The leaves (ai, queue, run-log, spending-cap, variants, slug, ownership, secrets, webhook-events, idempotency, outbound, logger, app-error) are what the domain builds on: they import one another and db, nothing above.',
      severity: 'error',
      from: { path: '^src/server/leaves/' },
      to: { path: '^src/server/', pathNot: '^src/server/(leaves|db)/' },
    },
    {
      name: 'queue-is-a-leaf',
      comment:
        'Task names, payloads and enqueue functions: every layer imports them, so they import only db and the logger.',
      severity: 'error',
      from: { path: '^src/server/leaves/queue/' },
      to: { path: '^src/server/', pathNot: '^src/server/(leaves/queue|leaves/logger|db)/' },
    },
    {
      name: 'providers-never-touch-the-database',
      comment:
        'AI providers are pure clients: they get rendered messages and return answers; the domain stores them.',
      severity: 'error',
      from: { path: '^src/server/leaves/ai/' },
      to: { path: ['^src/server/db/', '^node_modules/(pg|drizzle-orm|graphile-worker)/'] },
    },
    {
      name: 'ownership-sits-under-the-domain',
      comment:
        'Ownership (who owns a row, and the lookups that answer unknown_… for another user’s) is what every query builds on: it imports db and app-error only, so any folder may import it.',
      severity: 'error',
      from: { path: '^src/server/leaves/ownership/' },
      to: { path: '^src/server/', pathNot: '^src/server/(leaves/ownership|leaves/app-error|db)/' },
    },
    {
      name: 'database-imports-no-domain',
      comment:
        'The database layer (schema, client, migrations) sits under everything and imports only the logger.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/', pathNot: '^src/server/(db|leaves/logger)/' },
    },
    {
      name: 'web-never-imports-server',
      comment:
        'The web app talks to the server through the contract in src/common and HTTP, never by import.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'contract-imports-nothing',
      comment:
        'src/common is the contract both sides import: it may import its own files and plain libraries, nothing of the server or the web, and no Node built-ins.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { dependencyTypes: ['local', 'core'], pathNot: '^src/common/' },
    },
    {
      name: 'run-parts-never-import-the-run-view',
      comment:
        'The run view (src/web/run) composes the Review panel (src/web/review) and the images section (src/web/images); they never import it back. What both need lives below, in api, lib or ui.',
      severity: 'error',
      from: { path: '^src/web/(review|images)/' },
      to: { path: '^src/web/run/' },
    },
    {
      name: 'web-foundations-import-no-page',
      comment:
        'ui, api and lib sit under every page of the web app (shell, auth, new-bundle, workflows, run, trials, review, images): they import none of them.',
      severity: 'error',
      from: { path: '^src/web/(ui|api|lib)/' },
      to: { path: '^src/web/', pathNot: '^src/web/(ui|api|lib)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
