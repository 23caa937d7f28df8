"""The run engine: seeded chunks, exact-or-Monte-Carlo, stopping rules, executors."""
