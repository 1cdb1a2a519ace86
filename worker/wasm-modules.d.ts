/** A `.wasm?module` import is a compiled module in workerd (the Cloudflare Vite plugin's CompiledWasm rule). */
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
