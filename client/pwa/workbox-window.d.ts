/**
 * workbox-window's ES2017 build, the package's own `primaryBuild`: its `module` entry is the ES5 one,
 * about 1 KB gzip more in the register bundle. Same API, so the same types.
 */
declare module "workbox-window/build/workbox-window.prod.mjs" {
  export * from "workbox-window";
}
