"""Whist, Danish partner-ace variant (rules §6.4)."""
