ALTER TABLE `ads` ADD `asking_price` integer;--> statement-breakpoint
ALTER TABLE `ads` ADD `price_type` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `handover` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `city` text;