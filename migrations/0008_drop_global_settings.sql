-- The table was never read or written by the product, only by a test (ADR 033).
DROP TABLE `global_settings`;