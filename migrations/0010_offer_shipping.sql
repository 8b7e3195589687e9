ALTER TABLE `ads` ADD `shipping_cost` integer;--> statement-breakpoint
ALTER TABLE `ads` ADD `shipping_carrier` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `swap` integer;