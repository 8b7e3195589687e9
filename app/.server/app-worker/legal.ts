// The operator details the legal pages show (from configuration; never secrets).
import type { Config } from "./env";

export function operatorDetails(config: Config) {
  return {
    name: config.OPERATOR_NAME,
    address: config.OPERATOR_ADDRESS,
    email: config.OPERATOR_EMAIL,
    phone: config.OPERATOR_PHONE,
    vatId: config.OPERATOR_VAT_ID,
  };
}

/** Loader data of a legal page: operator details and its canonical URL. */
export function legalPageData(config: Config, path: string) {
  return { operator: operatorDetails(config), canonical: `${config.PUBLIC_BASE_URL}${path}` };
}

/** The loader of a legal page (the routes stay free of the repetition). */
export function legalPageLoader(path: string) {
  return ({ context }: { context: { config: Config } }) => legalPageData(context.config, path);
}
