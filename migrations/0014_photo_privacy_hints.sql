-- Privacy hints per photo from the ad's one model call (ADR 069), keyed by the photo's R2 key;
-- null for every ad written before and by the offline writer: no photo of it was checked.
ALTER TABLE `ads` ADD `privacy_hints` text;
