ALTER TABLE `price_cut_plans` ADD `start_price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_cut_plans` ADD `current_price_cents` integer DEFAULT 0 NOT NULL;