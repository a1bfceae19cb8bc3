/**
 * Layer rules (issue #9 G, ARCHITECTURE §2, ADR 016), checked by `npm run lint`:
 *   shared ← client, shared ← server, never client ↔ server, and shared imports neither;
 *   on the server, plugins, lib and db never import modules, and a module never imports another's routes;
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
      name: 'server-modules-do-not-import-route-files',
      severity: 'error',
      comment: 'Share through a repository or service; a route file is registered by app.ts only (ADR 019).',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/[^/]+/.+\\.routes\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'server-plugins-and-lib-below-modules',
      severity: 'error',
      comment: 'Plugins and lib are what modules build on; they never import a module (ADR 019).',
      from: { path: '^src/server/(plugins|lib|db)/', pathNot: ['\\.test\\.ts$', '^src/server/db/seed/'] },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'layouts-below-app',
      severity: 'error',
      comment: 'The route table (app/) puts layouts and pages together; a layout does not reach back up.',
      from: { path: '^src/client/layouts/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/client/app/' },
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
