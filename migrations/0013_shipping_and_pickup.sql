ALTER TABLE `ads` ADD `shipping` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `pickup` text;--> statement-breakpoint
ALTER TABLE `ads` ADD `per_piece_price` integer;--> statement-breakpoint
ALTER TABLE `ads` ADD `offer_reading` text;--> statement-breakpoint
-- Shipping and pickup are two facts (ADR 064). A stored handover of "versand" or "abholung" was
-- also written for notes that only named that side, so only the side it named is kept as offered;
-- "beides" offered both. Nothing is stored as excluded that the seller may not have excluded.
UPDATE `ads` SET `shipping` = 'offered' WHERE `handover` IN ('versand', 'beides');--> statement-breakpoint
UPDATE `ads` SET `pickup` = 'offered' WHERE `handover` IN ('abholung', 'beides');--> statement-breakpoint
ALTER TABLE `ads` DROP COLUMN `handover`;
