"""Data files of the game (fonts, sounds, icons), read through ``importlib.resources.files("assets")``."""
