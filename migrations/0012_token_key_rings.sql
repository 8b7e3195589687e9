CREATE TABLE `token_key_rings` (
	`key_ids` text PRIMARY KEY NOT NULL,
	`canary` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_written_at` integer NOT NULL,
	`reported_at` integer
);
