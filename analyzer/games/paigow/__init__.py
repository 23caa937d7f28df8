"""Pai Gow Poker (rules §5): the House Way, every split's EV and the house edge."""
