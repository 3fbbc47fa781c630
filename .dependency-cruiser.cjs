// Import rules, checked by `npm run lint` (docs/architecture.md draws the layers these rules keep apart).
// A rule's name is what the lint prints when an import breaks it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders must not import each other, directly or around a circle: a module both need moves down into a leaf they both import.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/(server|web)/[^/]+' },
      to: { circular: true },
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
      from: { path: '^src/common/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['local', 'core'], pathNot: '^src/common/' },
    },
    {
      name: 'providers-never-touch-the-database',
      comment:
        'AI providers are pure clients: they get rendered messages and return answers; the domain stores them.',
      severity: 'error',
      from: { path: '^src/server/ai/' },
      to: { path: ['^src/server/db/', '^node_modules/(pg|drizzle-orm|graphile-worker)/'] },
    },
    {
      name: 'domain-never-imports-handlers',
      comment:
        'Handlers (src/server/functions) call the domain; the domain never calls back up into a handler.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/functions/', '^src/server/app\\.ts$'] },
      to: { path: '^src/server/functions/' },
    },
    {
      name: 'domain-never-imports-the-runner',
      comment:
        'The runner (worker, task list, job loop) sits on top of the domain and calls it; the domain queues work through src/server/queue instead.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/(runner|functions)/', '^src/server/[^/]+\\.ts$'] },
      to: { path: '^src/server/runner/' },
    },
    {
      name: 'queue-is-a-leaf',
      comment:
        'Task names, payloads and enqueue functions: the domain imports them, so they import no domain.',
      severity: 'error',
      from: { path: '^src/server/queue/' },
      to: { path: '^src/server/', pathNot: ['^src/server/(queue|db)/', '^src/server/logger\\.ts$'] },
    },
    {
      name: 'leaves-import-only-leaves',
      comment:
        'The leaves (queue, run-log, spending-cap, variants, ai, webhook-events, slug) are what the domain builds on: they import one another, db, the logger and the ownership conditions, never the domain, the handlers or the runner.',
      severity: 'error',
      from: { path: '^src/server/(queue|run-log|spending-cap|variants|ai|webhook-events|slug)/' },
      to: {
        path: '^src/server/',
        pathNot: [
          '^src/server/(queue|run-log|spending-cap|variants|ai|webhook-events|slug|db)/',
          '^src/server/logger\\.ts$',
          '^src/server/ownership/conditions\\.ts$',
        ],
      },
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
        'ui, api and lib sit under every page of the web app (shell, auth, new-bundle, workflows, run, review, images): they import none of them.',
      severity: 'error',
      from: { path: '^src/web/(ui|api|lib)/' },
      to: { path: '^src/web/', pathNot: '^src/web/(ui|api|lib)/' },
    },
    {
      name: 'ownership-sits-under-the-domain',
      comment:
        'Ownership (who owns a row, and the lookups that answer unknown_… for another user’s) is what every query builds on: it imports db and app-error only, so any folder may import it.',
      severity: 'error',
      from: { path: '^src/server/ownership/' },
      to: { path: '^src/server/', pathNot: ['^src/server/(ownership|db)/', '^src/server/app-error\\.ts$'] },
    },
    {
      name: 'database-imports-no-domain',
      comment:
        'The database layer (schema, client, migrations) sits under the domain and imports none of it.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/', pathNot: ['^src/server/db/', '^src/server/logger\\.ts$'] },
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
