import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "client",
  ssr: true,
  // The harness builds each command into its own folder (harness/folders.ts, decision 020).
  buildDirectory: process.env.BUILD_DIRECTORY || "build",
} satisfies Config;
