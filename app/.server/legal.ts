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
