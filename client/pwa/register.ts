/**
 * The page's side of the service worker, loaded after the page has painted (never part of a page's
 * first-load JavaScript): registers `/sw.js` through workbox-window. Built apart from the React app
 * (client/pwa/build-plugin.ts) — it imports no React.
 */
import { Workbox } from "workbox-window";
import { SERVICE_WORKER_URL } from "./protocol.ts";

if ("serviceWorker" in navigator) void new Workbox(SERVICE_WORKER_URL).register();
