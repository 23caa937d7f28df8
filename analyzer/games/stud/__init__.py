"""Five-card stud (rules §3): exact and Monte Carlo equity of the hands seen so far."""
