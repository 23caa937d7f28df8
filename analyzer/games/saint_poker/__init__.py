"""Saint Poker (2 to 5 players): engine, policies and analyses (rules §3)."""
