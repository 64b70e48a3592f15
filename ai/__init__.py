"""Computer players: they see a game only through ``game.engine.observe``."""
