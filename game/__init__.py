"""Daifugō (大富豪): the desktop card game."""
