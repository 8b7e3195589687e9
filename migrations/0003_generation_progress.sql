ALTER TABLE `ads` ADD `progress_phase` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `partial_description` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `lease_until` integer;