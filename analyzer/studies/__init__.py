"""The committed tables and charts, one module per game, behind one registry."""
