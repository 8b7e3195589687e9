// /upgrade is the same screen as /subscribe (docs/PRODUCT.md, "Pages").
export { default, loader, meta } from "./subscribe";
