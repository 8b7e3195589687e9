-- Listings follow the seller's edits (ADR 076): where each edit stands per listing and what it
-- changes; and the marketplaces whose copy the seller took, which "Verkauft" names.
ALTER TABLE `ads` ADD `copied_to` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `edit_state` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `edit_requested_at` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `pending_edit` text;