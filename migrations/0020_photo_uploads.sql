-- Photos uploaded while the seller fills in the form, before the ad exists (ADR 082).
CREATE TABLE `photo_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`draft_id` text NOT NULL,
	`user_id` text NOT NULL,
	`has_cover` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_uploads_user_idx` ON `photo_uploads` (`user_id`,`draft_id`);--> statement-breakpoint
CREATE INDEX `photo_uploads_created_idx` ON `photo_uploads` (`created_at`);