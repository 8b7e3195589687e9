CREATE TABLE `activity_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`user_id` text,
	`email` text,
	`country` text,
	`ip` text,
	`user_agent` text,
	`details` text,
	`duration_ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_logs_created_idx` ON `activity_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_action_created_idx` ON `activity_logs` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_country_created_idx` ON `activity_logs` (`country`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_user_idx` ON `activity_logs` (`user_id`);--> statement-breakpoint
CREATE TABLE `ads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`item_name` text NOT NULL,
	`category` text NOT NULL,
	`description` text,
	`original_description` text,
	`optimized_title` text,
	`optimized_description` text,
	`image_urls` text DEFAULT '[]' NOT NULL,
	`cover_image_key` text,
	`status` text DEFAULT 'processing' NOT NULL,
	`platform` text DEFAULT 'kleinanzeigen' NOT NULL,
	`price_suggestion` integer,
	`price_min` integer,
	`price_max` integer,
	`best_image_index` integer,
	`image_analysis` text,
	`prompt_overrides` text,
	`error_message` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`provider` text,
	`generation_ms` integer,
	`credit_source` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ads_user_created_idx` ON `ads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ads_status_updated_idx` ON `ads` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `global_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`description` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `global_settings_key_unique` ON `global_settings` (`key`);--> statement-breakpoint
CREATE TABLE `invites` (
	`id` text PRIMARY KEY NOT NULL,
	`inviter_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invites_inviter_created_idx` ON `invites` (`inviter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `magic_link_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `magic_link_tokens_hash_unique` ON `magic_link_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `magic_link_tokens_expires_idx` ON `magic_link_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `magic_link_tokens_email_idx` ON `magic_link_tokens` (`email`);--> statement-breakpoint
CREATE TABLE `outbox_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_mails_created_idx` ON `outbox_mails` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_mails_to_idx` ON `outbox_mails` (`to`);--> statement-breakpoint
CREATE TABLE `processed_payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_status` text,
	`ad_credits` integer DEFAULT 1 NOT NULL,
	`plan_type` text DEFAULT 'free' NOT NULL,
	`monthly_allowance` integer DEFAULT 0 NOT NULL,
	`plan_period_end` integer,
	`role` text DEFAULT 'user' NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`postal_code` text,
	`company_name` text,
	`business_type` text DEFAULT 'private' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_normalised" CHECK("users"."email" = lower(trim("users"."email")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_stripe_customer_idx` ON `users` (`stripe_customer_id`);