-- eBay's application access token, one per eBay environment and keyset, shared by every isolate (ADR 072).
CREATE TABLE `ebay_application_tokens` (
	`environment` text PRIMARY KEY NOT NULL,
	`token_cipher` text NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
