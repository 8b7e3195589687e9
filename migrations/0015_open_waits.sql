-- The dashboard's open waits for its ads, counted across isolates (ADR 066).
CREATE TABLE `open_waits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`client_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `open_waits_user_idx` ON `open_waits` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `open_waits_client_idx` ON `open_waits` (`client_hash`,`expires_at`);