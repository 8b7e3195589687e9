CREATE TABLE `listings` (
	`id` text PRIMARY KEY NOT NULL,
	`ad_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`status` text DEFAULT 'publishing' NOT NULL,
	`external_id` text,
	`offer_id` text,
	`url` text,
	`price_cents` integer,
	`start_price_cents` integer,
	`published_at` integer,
	`expires_at` integer,
	`expiry_reminder_sent_at` integer,
	`ended_at` integer,
	`last_error` text,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_ad_platform_idx` ON `listings` (`ad_id`,`platform`);--> statement-breakpoint
CREATE INDEX `listings_user_idx` ON `listings` (`user_id`);--> statement-breakpoint
CREATE INDEX `listings_status_idx` ON `listings` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `marketplace_connections` (
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`refresh_token_cipher` text,
	`refresh_token_expires_at` integer,
	`access_token_cipher` text,
	`access_token_expires_at` integer,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_connections_user_platform_idx` ON `marketplace_connections` (`user_id`,`platform`);--> statement-breakpoint
CREATE TABLE `price_cut_plans` (
	`ad_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`step_cents` integer NOT NULL,
	`interval_days` integer NOT NULL,
	`floor_cents` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`approved_at` integer NOT NULL,
	`next_cut_at` integer NOT NULL,
	`last_cut_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_cut_plans_due_idx` ON `price_cut_plans` (`status`,`next_cut_at`);--> statement-breakpoint
ALTER TABLE `ads` ADD `sold_at` integer;