-- A dealer's own delivery within a radius (ADR 075): null = not offered or not stated.
ALTER TABLE `ads` ADD `delivery_km` integer;