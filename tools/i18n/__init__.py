"""The translation tables: each module holds ``STRINGS = {key: (English, 日本語)}``."""
