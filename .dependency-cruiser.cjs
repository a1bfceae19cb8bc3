/**
 * Layer rules (issue #9 G, ARCHITECTURE §2, ADR 016), checked by `npm run lint`:
 *   shared ← client, shared ← server, never client ↔ server, and shared imports neither;
 *   on the server, lib and db never import modules; a module uses another through its surface only
 *   (<domain>.service.ts / .stats.ts, never its routes or repositories), and so do plugins, which set every
 *   decorator, and db/seed (<domain>.seed.ts too) (ADR 035);
 *   inside the client, a feature never imports another feature, and components/lib never import features,
 *   layouts or app; layouts never import app; no import cycles anywhere. Tests may reach across (a shell
 *   test renders the real route table).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part out (into lib/ or components/).',
      from: {},
      // A lazy `import()` back into its importer (a host loaded on first use) is not a cycle at load time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'features-do-not-import-features',
      severity: 'error',
      comment: 'Combine two features in a route or view under app/; share code through components/ or lib/.',
      from: { path: '^src/client/features/([^/]+)/.+', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/client/features/[^/]+/.+', pathNot: '^src/client/features/$1/.+' },
    },
    {
      name: 'components-and-lib-stay-below-features',
      severity: 'error',
      from: { path: '^src/client/(components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/client/(features|layouts|app)/' },
    },
    {
      name: 'server-modules-use-only-surfaces',
      severity: 'error',
      comment:
        'Another module is used through its surface only (ADR 035): <domain>.service.ts, <domain>.stats.ts ' +
        'and its decorators (app.files, app.realtime …). Re-export what others may call from the service. ' +
        'A route file is never a surface: app.ts alone registers it (ADR 019).',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/modules/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/([^/]+)/\\1\\.(service|stats)\\.ts$'],
      },
    },
    {
      name: 'seed-uses-module-seeds-and-services',
      severity: 'error',
      comment:
        'db/seed calls a module through its <domain>.seed.ts (its own inserts) or its service, never a ' +
        'repository (ADR 035).',
      from: { path: '^src/server/db/seed/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/modules/',
        pathNot: '^src/server/modules/([^/]+)/\\1\\.(service|seed)\\.ts$',
      },
    },
    {
      name: 'server-lib-and-db-below-modules',
      severity: 'error',
      comment:
        'lib and db are what modules build on; they never import a module (ADR 019; db/seed: its own rule).',
      from: { path: '^src/server/(lib|db)/', pathNot: ['\\.test\\.ts$', '^src/server/db/seed/'] },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'server-plugins-use-module-surfaces',
      severity: 'error',
      comment:
        'A plugin sets the decorators modules use (app.files, app.realtime …; ADR 035); one that serves a ' +
        "domain builds on that module's <domain>.service.ts only.",
      from: { path: '^src/server/plugins/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/', pathNot: '^src/server/modules/([^/]+)/\\1\\.service\\.ts$' },
    },
    {
      name: 'layouts-below-app',
      severity: 'error',
      comment: 'The route table (app/) puts layouts and pages together; a layout does not reach back up.',
      from: { path: '^src/client/layouts/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/client/app/' },
    },
    {
      name: 'api-client-only-in-feature-api',
      severity: 'error',
      comment:
        "Views and components ask through their area's hooks in features/<area>/api/ (ADR 037); ApiError and " +
        'staleRecord are in lib/api-error.ts. Besides the api files, only the session (lib/auth), the ' +
        "real-time client, the public config, the list helper, the people directory, the dashboards' " +
        "layouts (one hook every overview page shares, whatever its area) and the public pages' analytics " +
        'reporter (issue 30) call the API.',
      from: {
        path: '^src/client/',
        pathNot: [
          '^src/client/features/[^/]+/api/',
          '^src/client/lib/(auth|realtime)/',
          '^src/client/lib/(resource|public-config|people-directory|dashboard-layout|analytics-reporter)\\.ts$',
          '^src/client/testing/',
          '^src/client/features/[^/]+/testing/',
          '\\.test\\.tsx?$',
        ],
      },
      to: { path: '^src/client/lib/api-client\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    combinedDependencies: true,
  },
};
