"""Five-card draw (rules §4): exact draw odds, the discard advisor, the Bug and Jacks or Better."""
