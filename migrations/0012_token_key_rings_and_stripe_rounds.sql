CREATE TABLE `token_key_rings` (
	`key_ids` text PRIMARY KEY NOT NULL,
	`canary` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_written_at` integer NOT NULL,
	`reported_at` integer
);
--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_idempotency_round` integer DEFAULT 0 NOT NULL;