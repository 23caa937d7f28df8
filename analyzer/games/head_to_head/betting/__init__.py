"""The Head to Head betting game (rules §2, H-B): chips, bets, raises and declines."""
