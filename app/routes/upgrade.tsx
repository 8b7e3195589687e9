// /upgrade is the same screen as /subscribe (spec §2).
export { default, loader, meta } from "./subscribe";
