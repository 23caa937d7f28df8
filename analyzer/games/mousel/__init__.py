"""Mousel, 3 to 8 players (rules §6.5)."""
