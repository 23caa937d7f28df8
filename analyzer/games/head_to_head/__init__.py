"""Head to Head Poker (Reiner Knizia, 2005): engine, policies and analyses (rules §2)."""
