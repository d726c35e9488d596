// BinaryCodable format v3.
