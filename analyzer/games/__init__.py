"""One package per game, with the same role names in each (see ``docs/architecture.md``)."""
