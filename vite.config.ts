import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` is local: the dev outbox and debug knobs are on. Builds keep wrangler.toml's vars.
      config: command === "serve" ? { vars: { ENVIRONMENT: "development" } } : undefined,
    }),
    reactRouter(),
  ],
}));
