ALTER TABLE `ads` ADD `listing_url` text;--> statement-breakpoint
ALTER TABLE `users` ADD `preferred_platform` text DEFAULT 'kleinanzeigen' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `prompt_settings` text;