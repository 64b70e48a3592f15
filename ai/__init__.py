"""Computer players: they see a game only through ``game.engine.observe``."""

from game.engine.native import extend_path

extend_path(__name__, __path__)  # compiled modules first, when built from these sources (``game.engine.native``)
