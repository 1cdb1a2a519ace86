import { afterAll } from "vitest";
import { lazyComponentsLoaded } from "#client/lazy-component.tsx";

// A page module starts loading its lazy components when imported on the server (client/lazy-component.tsx):
// a file's tests end only once those imports have, or the module environment may end under them.
afterAll(() => lazyComponentsLoaded());
