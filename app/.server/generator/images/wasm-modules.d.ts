// Wrangler (and @cloudflare/vitest-plugin) load a `.wasm` import as a compiled WebAssembly.Module
// (the default CompiledWasm module rule); Workers may not compile WebAssembly from bytes at run time.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
