-- A dealer's GPSR manufacturer and EU responsible person for eBay (ADR 073).
ALTER TABLE `users` ADD `product_safety` text;