"""Texas Hold'em (rules §1): exact and Monte Carlo equity of hands and ranges."""
